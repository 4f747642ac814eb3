import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

export type SupportThreadKind = 'contact' | 'chat';

/**
 * The support inbox: one thread per contact-form message, and one per chat visitor
 * (a player, or a guest known only by the hash of an opaque chat id kept in the browser).
 * `pending` means the visitor spoke last and waits for staff.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<SupportThreadKind>().notNull(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    guestKeyHash: text('guest_key_hash'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** Site locale the visitor wrote from; replies are mailed in it. */
    locale: text('locale').notNull().default('en'),
    ipAddress: text('ip_address'),
    status: text('status').$type<'pending' | 'answered'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_threads_status_idx').on(t.status, t.updatedAt),
    // One chat per player and one per guest key; contact messages are threads of their own.
    uniqueIndex('support_threads_player_chat_idx').on(t.playerId).where(sql`${t.kind} = 'chat' and ${t.playerId} is not null`),
    uniqueIndex('support_threads_guest_chat_idx').on(t.guestKeyHash).where(sql`${t.guestKeyHash} is not null`),
  ],
);

/** What was said in a thread, by the visitor or by staff. Text is stored as sent; the UI escapes it. */
export const supportPosts = pgTable(
  'support_posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    author: text('author').$type<'visitor' | 'staff'>().notNull(),
    /** The staff account that answered; null for the visitor and for the command line. */
    staffId: integer('staff_id').references(() => players.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_posts_thread_idx').on(t.threadId, t.id)],
);

/** The player's mail box: messages from support, newest first, read or not. */
export const playerMessages = pgTable(
  'player_messages',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').references(() => supportThreads.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_messages_player_idx').on(t.playerId, t.id)],
);
