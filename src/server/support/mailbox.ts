// The player's mail box: what support sent them. Every query names the owner, so an id
// of someone else's message finds nothing, exactly like an id that does not exist.
import { readFileSync } from 'node:fs';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MailboxMessage } from '../../shared/contract/support.ts';
import { isLocale } from '../../shared/locales.ts';
import type { Executor } from '../db/client.ts';
import { playerMessages } from '../db/schema/index.ts';

type Row = typeof playerMessages.$inferSelect;

const shape = (m: Row): MailboxMessage => ({ id: m.id, subject: m.subject, text: m.body, read: m.readAt !== null, createdAt: m.createdAt.toISOString() });

/** One page of the player's messages, newest first, with the total and the unread count. */
export async function listPlayerMessages(
  db: Executor,
  playerId: number,
  page: number,
  limit: number,
): Promise<{ count: number; rows: MailboxMessage[]; unread: number }> {
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${playerMessages.readAt} is null)::int` })
    .from(playerMessages)
    .where(eq(playerMessages.playerId, playerId));
  const rows = await db
    .select()
    .from(playerMessages)
    .where(eq(playerMessages.playerId, playerId))
    .orderBy(desc(playerMessages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { count: Number(totals?.total ?? 0), rows: rows.map(shape), unread: Number(totals?.unread ?? 0) };
}

/** Opens one of the player's own messages and marks it read; undefined for any other id. */
export async function readPlayerMessage(db: Executor, playerId: number, id: number): Promise<MailboxMessage | undefined> {
  const mine = and(eq(playerMessages.id, id), eq(playerMessages.playerId, playerId));
  await db
    .update(playerMessages)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(playerMessages.readAt)));
  const [row] = await db.select().from(playerMessages).where(mine);
  return row ? shape(row) : undefined;
}

const catalogues = new Map<string, Record<string, Record<string, unknown>>>();

/**
 * The plain texts of one namespace of the site's catalogue in `locale` (English for an
 * unknown one): what the server itself writes into a player's mail box, in their language.
 */
export function catalogueTexts(locale: string | null | undefined, namespace: string): Record<string, string> {
  const code = isLocale(locale) ? locale : 'en';
  let all = catalogues.get(code);
  if (!all) {
    all = JSON.parse(readFileSync(new URL(`../../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>;
    catalogues.set(code, all);
  }
  return Object.fromEntries(Object.entries(all[namespace] ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** `{0}`, `{1}` … of a catalogue text filled in. */
export const fillText = (text: string, ...args: string[]) => text.replace(/\{(\d+)\}/g, (m, i: string) => args[Number(i)] ?? m);

/** Puts a message from support into the player's mail box. */
export async function deliverToMailbox(db: Executor, message: { playerId: number; threadId: number | null; subject: string; body: string }): Promise<void> {
  await db.insert(playerMessages).values(message);
}
