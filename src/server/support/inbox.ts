// The support inbox: contact-form messages and chat conversations arrive here; staff
// answer them through the admin call or the command line. An answer to a contact
// message goes to the player's mail box and to the contact email; one to a chat
// appears in the chat.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ContactMessage } from '../../shared/schemas/contact.ts';
import type { ChatMessage, ThreadSummary } from '../../shared/contract/support.ts';
import { digest, randomToken } from '../auth/opaque.ts';
import { isUniqueViolation } from '../auth/players.ts';
import { consume, LIMITS, limitKey } from '../auth/rate-limit.ts';
import type { ServerContext } from '../context.ts';
import type { Db, Executor } from '../db/client.ts';
import { players, supportPosts, supportThreads } from '../db/schema/index.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { renderMail, siteLocale } from '../mail/templates.ts';
import { deliverToMailbox } from './mailbox.ts';

const chatShape = (p: typeof supportPosts.$inferSelect): ChatMessage => ({
  id: p.id,
  from: p.author === 'staff' ? 'support' : 'visitor',
  text: p.body,
  createdAt: p.createdAt.toISOString(),
});

/** Files a contact-form message as a pending thread; false when the address has sent too many. */
export async function fileContactMessage(ctx: ServerContext, message: ContactMessage, playerId: number | undefined, ip: string): Promise<boolean> {
  const db = ctx.database.db;
  if (!(await consume(db, limitKey('contact', 'ip', ip), LIMITS.contactPerIp))) return false;
  let locale = message.locale;
  if (!locale && playerId !== undefined) {
    const [player] = await db.select({ locale: players.interfaceLocal }).from(players).where(eq(players.id, playerId));
    locale = siteLocale(player?.locale);
  }
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(supportThreads)
      .values({
        kind: 'contact',
        playerId: playerId ?? null,
        contactName: message.player_name,
        contactEmail: message.email,
        contactPhone: message.phone_number,
        locale: locale ?? 'en',
        ipAddress: ip || null,
      })
      .returning({ id: supportThreads.id });
    if (!thread) throw new Error('insert returned no row');
    await tx.insert(supportPosts).values({ threadId: thread.id, author: 'visitor', body: message.note });
  });
  return true;
}

/** The chat thread of a player, or of the guest holding `chatId`; undefined if none yet. */
async function findChat(db: Executor, playerId: number | undefined, chatId: string | null | undefined): Promise<number | undefined> {
  if (playerId !== undefined) {
    const [row] = await db
      .select({ id: supportThreads.id })
      .from(supportThreads)
      .where(and(eq(supportThreads.kind, 'chat'), eq(supportThreads.playerId, playerId)));
    return row?.id;
  }
  if (!chatId) return undefined;
  const [row] = await db
    .select({ id: supportThreads.id })
    .from(supportThreads)
    .where(eq(supportThreads.guestKeyHash, digest(chatId)));
  return row?.id;
}

export type ChatSent = { ok: true; chatId: string | null; message: ChatMessage } | { ok: false };

/**
 * Adds a visitor's line to their chat, opening one when needed. A guest gets a new
 * opaque chat id back whenever theirs is missing or unknown: ids are never chosen by
 * the browser, so nobody can guess their way into another conversation.
 */
export async function sendChat(
  ctx: ServerContext,
  text: string,
  playerId: number | undefined,
  chatId: string | null | undefined,
  ip: string,
  locale?: string,
): Promise<ChatSent> {
  const db = ctx.database.db;
  if (!(await consume(db, limitKey('chat', 'ip', ip), LIMITS.chatPerIp))) return { ok: false };
  let threadId = await findChat(db, playerId, chatId);
  let guestChatId = playerId === undefined && threadId !== undefined ? (chatId ?? null) : null;
  if (threadId === undefined) {
    const newKey = playerId === undefined ? randomToken() : null;
    try {
      const [row] = await db
        .insert(supportThreads)
        .values({ kind: 'chat', playerId: playerId ?? null, guestKeyHash: newKey ? digest(newKey) : null, locale: locale ?? 'en', ipAddress: ip || null })
        .returning({ id: supportThreads.id });
      threadId = row?.id;
      guestChatId = newKey;
    } catch (error) {
      // The player's other tab opened the chat a moment ago: use that one.
      if (!isUniqueViolation(error)) throw error;
      threadId = await findChat(db, playerId, chatId);
    }
  }
  if (threadId === undefined) throw new Error('chat thread missing');
  const id = threadId;
  const post = await db.transaction(async (tx) => {
    const [row] = await tx.insert(supportPosts).values({ threadId: id, author: 'visitor', body: text }).returning();
    await tx.update(supportThreads).set({ status: 'pending', updatedAt: sql`now()` }).where(eq(supportThreads.id, id));
    return row;
  });
  if (!post) throw new Error('insert returned no row');
  return { ok: true, chatId: guestChatId, message: chatShape(post) };
}

export type ChatEmailSaved = 'saved' | 'unknown_chat' | 'too_many';

/**
 * The address a guest leaves in the chat: staff's answers to that chat are then mailed
 * to it as well, in the language of the page it was left on. Only the holder of the
 * chat id can set it; the last address given counts.
 */
export async function setChatEmail(ctx: ServerContext, chatId: string, email: string, locale: string | undefined, ip: string): Promise<ChatEmailSaved> {
  const db = ctx.database.db;
  if (!(await consume(db, limitKey('chat', 'ip', ip), LIMITS.chatPerIp))) return 'too_many';
  const threadId = await findChat(db, undefined, chatId);
  if (threadId === undefined) return 'unknown_chat';
  await db
    .update(supportThreads)
    .set({ contactEmail: email, ...(locale ? { locale } : {}) })
    .where(eq(supportThreads.id, threadId));
  return 'saved';
}

/** The chat's messages after `after` (an id), oldest first; none for an unknown visitor. */
export async function chatHistory(db: Executor, playerId: number | undefined, chatId: string | null | undefined, after = 0): Promise<ChatMessage[]> {
  const threadId = await findChat(db, playerId, chatId);
  if (threadId === undefined) return [];
  const posts = await db
    .select()
    .from(supportPosts)
    .where(and(eq(supportPosts.threadId, threadId), gt(supportPosts.id, after)))
    .orderBy(asc(supportPosts.id))
    .limit(200);
  return posts.map(chatShape);
}

export type StaffReply = { ok: true; kind: 'contact' | 'chat'; toMailbox: boolean; emailedTo: string | null } | { ok: false };

/**
 * Staff's answer to a thread: stored, put in the player's mail box and emailed (contact),
 * or shown in the chat, and mailed too when the guest of that chat left an address.
 */
export async function replyToThread(ctx: ServerContext, threadId: number, text: string, staffId: number | null): Promise<StaffReply> {
  const db = ctx.database.db;
  const result = await db.transaction(async (tx) => {
    const [thread] = await tx.select().from(supportThreads).where(eq(supportThreads.id, threadId)).for('update');
    if (!thread) return undefined;
    await tx.insert(supportPosts).values({ threadId, author: 'staff', staffId, body: text });
    await tx.update(supportThreads).set({ status: 'answered', updatedAt: sql`now()` }).where(eq(supportThreads.id, threadId));
    if (thread.kind === 'contact' && thread.playerId !== null) {
      const { subject } = renderMail('supportReply', thread.locale, {});
      await deliverToMailbox(tx, { playerId: thread.playerId, threadId, subject, body: text });
    }
    return { thread, original: await answeredText(tx, thread) };
  });
  if (!result) return { ok: false };
  const { thread, original } = result;
  // A chat's address is a guest's own (a player's chat is found by the account, not by mail).
  const emailedTo = thread.kind === 'contact' || thread.playerId === null ? thread.contactEmail : null;
  if (emailedTo) {
    ctx.mailer.later(
      async (): Promise<OutgoingMail[]> => [
        thread.kind === 'contact'
          ? { to: emailedTo, kind: 'supportReply', locale: thread.locale, params: { name: thread.contactName ?? '', reply: text, original } }
          : { to: emailedTo, kind: 'chatReply', locale: thread.locale, params: { reply: text, original } },
      ],
    );
  }
  return { ok: true, kind: thread.kind, toMailbox: thread.kind === 'contact' && thread.playerId !== null, emailedTo };
}

/**
 * What the answer answers, quoted in its mail: a contact message's text; in a chat, the
 * visitor's lines since staff last spoke.
 */
async function answeredText(tx: Executor, thread: typeof supportThreads.$inferSelect): Promise<string> {
  const posts = await tx
    .select({ author: supportPosts.author, body: supportPosts.body })
    .from(supportPosts)
    .where(eq(supportPosts.threadId, thread.id))
    .orderBy(asc(supportPosts.id));
  if (thread.kind === 'contact') return posts.find((p) => p.author === 'visitor')?.body ?? '';
  // The answer just stored is the last post; the lines before it back to the previous answer.
  const earlier = posts.slice(0, -1);
  const since = earlier.findLastIndex((p) => p.author === 'staff');
  return earlier
    .slice(since + 1)
    .map((p) => p.body)
    .join('\n');
}

/** Threads for staff, waiting ones first, most recent activity first within each. */
export async function listThreads(db: Db, options: { status?: 'pending' | 'answered' | 'all'; limit?: number } = {}): Promise<ThreadSummary[]> {
  const status = options.status ?? 'pending';
  const statuses = status === 'all' ? (['pending', 'answered'] as const) : ([status] as const);
  const threads = await db
    .select({
      id: supportThreads.id,
      kind: supportThreads.kind,
      status: supportThreads.status,
      playerId: supportThreads.playerId,
      name: sql<string | null>`coalesce(${supportThreads.contactName}, ${players.username})`,
      email: sql<string | null>`coalesce(${supportThreads.contactEmail}, ${players.email})`,
      phone: supportThreads.contactPhone,
      updatedAt: supportThreads.updatedAt,
      lastText: sql<string>`(select ${supportPosts.body} from ${supportPosts} where ${supportPosts.threadId} = ${supportThreads.id} order by ${supportPosts.id} desc limit 1)`,
    })
    .from(supportThreads)
    .leftJoin(players, eq(players.id, supportThreads.playerId))
    .where(inArray(supportThreads.status, [...statuses]))
    .orderBy(desc(sql`${supportThreads.status} = 'pending'`), desc(supportThreads.updatedAt))
    .limit(options.limit ?? 100);
  return threads.map((t) => ({ ...t, lastText: t.lastText ?? '', updatedAt: new Date(t.updatedAt).toISOString() }));
}

/** One thread with everything said in it, for staff. */
export async function threadWithPosts(db: Db, threadId: number) {
  const [thread] = await db.select().from(supportThreads).where(eq(supportThreads.id, threadId));
  if (!thread) return undefined;
  const posts = await db.select().from(supportPosts).where(eq(supportPosts.threadId, threadId)).orderBy(asc(supportPosts.id));
  return { thread, posts };
}
