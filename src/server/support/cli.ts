// The staff command line (`npm run support -- …`): read the support inbox and answer it
// without a staff screen. The same reply path as the admin call: stored, put in the
// player's mail box, emailed.
import type { ServerContext } from '../context.ts';
import { listThreads, replyToThread, threadWithPosts } from './inbox.ts';

export const USAGE = `Usage:
  npm run support -- list [pending|answered|all]   messages and chats, waiting ones first
  npm run support -- show <id>                     one message or chat with everything said in it
  npm run support -- reply <id> "text"             answer it (mail box + email, or the chat)`;

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Runs one command; returns the process exit code (0 done, 1 not found, 2 usage). */
export async function runSupportCommand(ctx: ServerContext, args: string[], write: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  const db = ctx.database.db;
  if (command === 'list') {
    const status = rest[0] ?? 'pending';
    if (status !== 'pending' && status !== 'answered' && status !== 'all') {
      write(USAGE);
      return 2;
    }
    const threads = await listThreads(db, { status });
    if (threads.length === 0) write(status === 'pending' ? 'Nothing is waiting for an answer.' : 'No messages.');
    for (const t of threads) {
      const who = [t.name, t.email, t.playerId === null ? 'guest' : `player #${t.playerId}`].filter(Boolean).join(', ');
      write(`#${t.id}  ${t.kind.padEnd(7)} ${t.status.padEnd(8)} ${t.updatedAt.slice(0, 16).replace('T', ' ')}  ${who}`);
      write(`      ${oneLine(t.lastText, 100)}`);
    }
    return 0;
  }
  const id = Number(rest[0]);
  if ((command === 'show' || command === 'reply') && !(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) {
    write(USAGE);
    return 2;
  }
  if (command === 'show') {
    const found = await threadWithPosts(db, id);
    if (!found) {
      write(`No message #${id}.`);
      return 1;
    }
    const { thread, posts } = found;
    write(
      `#${thread.id} ${thread.kind}, ${thread.status}, from ${[thread.contactName, thread.contactEmail, thread.contactPhone].filter(Boolean).join(', ') || (thread.playerId === null ? 'a guest' : `player #${thread.playerId}`)}`,
    );
    for (const p of posts) write(`[${p.createdAt.toISOString().slice(0, 16).replace('T', ' ')}] ${p.author === 'staff' ? 'support' : 'visitor'}: ${p.body}`);
    return 0;
  }
  if (command === 'reply') {
    const text = rest.slice(1).join(' ').trim();
    if (text === '') {
      write(USAGE);
      return 2;
    }
    const reply = await replyToThread(ctx, id, text, null);
    if (!reply.ok) {
      write(`No message #${id}.`);
      return 1;
    }
    await ctx.mailer.drain();
    const where = [
      reply.kind === 'chat' ? 'in the chat' : '',
      reply.toMailbox ? "in the player's mail box" : '',
      reply.emailedTo ? `emailed to ${reply.emailedTo}` : '',
    ];
    write(`Answered #${id}: ${where.filter(Boolean).join(', ')}.`);
    return 0;
  }
  write(USAGE);
  return 2;
}
