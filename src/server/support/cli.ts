// The staff command line (`npm run support -- …`): read the support inbox and answer it
// without a staff screen. The same reply path as the admin call: stored, put in the
// player's mail box, emailed. And the link a staff account enrols its first second factor
// with, for the first admin (whom no other admin can send one) or a locked-out one; and a
// staff account's roles (audited as the admin call's are).
import { userInfo } from 'node:os';
import { issueStaffEnrolment, mailStaffEnrolment } from '../auth/staff-enrolment.ts';
import { findByUsername } from '../auth/players.ts';
import { setStaffRoles } from '../auth/staff-roles.ts';
import type { ServerContext } from '../context.ts';
import { STAFF_ROLES, type StaffRole } from '../../shared/staff-roles.ts';
import { listThreads, replyToThread, threadWithPosts } from './inbox.ts';

export const USAGE = `Usage:
  npm run support -- list [pending|answered|all]   messages and chats, waiting ones first
  npm run support -- show <id>                     one message or chat with everything said in it
  npm run support -- reply <id> "text"             answer it (mail box + email, or the chat)
  npm run support -- enrol <username | #id>        a staff account's one-time link to enrol its first second factor (printed and emailed)
  npm run support -- roles <username | #id> <role,role…>
                                                   set a staff account's roles (${STAFF_ROLES.join(', ')})`;

// What players wrote reaches a staff terminal here. ESC and the C1 CSI start sequences
// that clear the screen, fake colours or (OSC 52) write the clipboard; other controls
// move the cursor or ring the bell; bidi overrides reorder what follows them. Each is
// printed as its escape, so staff see it and the terminal never acts on it.
const UNSAFE = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with every control character, lone surrogate and bidi control written as `\x1b` or `\u202e`. */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

const oneLine = (text: string, max: number) => {
  const flat = [...text.replace(/\s+/g, ' ').trim()];
  return flat.length > max ? `${flat.slice(0, max - 1).join('')}…` : flat.join('');
};

/** Runs one command; returns the process exit code (0 done, 1 not found, 2 usage). */
export async function runSupportCommand(ctx: ServerContext, args: string[], write: (line: string) => void): Promise<number> {
  // Every line that carries stored text goes through here; only USAGE is written as it is.
  const say = (line: string) => write(forTerminal(line));
  const [command, ...rest] = args;
  const db = ctx.database.db;
  if (command === 'list') {
    const status = rest[0] ?? 'pending';
    if (status !== 'pending' && status !== 'answered' && status !== 'all') {
      write(USAGE);
      return 2;
    }
    const threads = await listThreads(db, { status });
    if (threads.length === 0) say(status === 'pending' ? 'Nothing is waiting for an answer.' : 'No messages.');
    for (const t of threads) {
      const who = [t.name, t.email, t.playerId === null ? 'guest' : `player #${t.playerId}`].filter(Boolean).join(', ');
      say(`#${t.id}  ${t.kind.padEnd(7)} ${t.status.padEnd(8)} ${t.updatedAt.slice(0, 16).replace('T', ' ')}  ${who}`);
      say(`      ${oneLine(t.lastText, 100)}`);
    }
    return 0;
  }
  if (command === 'enrol') {
    const who = rest[0]?.trim() ?? '';
    if (who === '' || rest.length > 1) {
      write(USAGE);
      return 2;
    }
    const byId = /^#\d{1,10}$/.test(who);
    const issued = await issueStaffEnrolment(
      ctx,
      { staffId: null, via: `cli:${userInfo().username}` },
      byId ? { playerId: Number(who.slice(1)) } : { username: who },
    );
    if (!issued.ok) {
      say(issued.message === 'not_staff' ? `${who} is not a staff account.` : `No account ${who}.`);
      return 1;
    }
    say(`Enrolment link for ${issued.username} (#${issued.playerId}), good once for ${issued.expiresIn / 3600} hours:`);
    say(`  ${issued.link}`);
    say('Log in as that account, open the link, add an authenticator app or a passkey, then log in again with it.');
    try {
      await mailStaffEnrolment(ctx, issued);
      say(`Also emailed to ${issued.email}.`);
    } catch (error) {
      say(`Not emailed (${error instanceof Error ? error.message : String(error)}): hand the link over yourself.`);
    }
    return 0;
  }
  if (command === 'roles') {
    const who = rest[0]?.trim() ?? '';
    const roles = (rest[1] ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean);
    if (who === '' || rest.length !== 2 || roles.length === 0 || !roles.every((r) => (STAFF_ROLES as readonly string[]).includes(r))) {
      write(USAGE);
      return 2;
    }
    const playerId = /^#\d{1,10}$/.test(who) ? Number(who.slice(1)) : ((await findByUsername(db, who))?.id ?? 0);
    const set = await setStaffRoles(ctx, { staffId: null, via: `cli:${userInfo().username}` }, playerId, [...new Set(roles as StaffRole[])]);
    if (!set.ok) {
      say(
        set.message === 'not_staff'
          ? `${who} is not a staff account.`
          : set.message === 'last_owner'
            ? `${who} is the last owner: make another account an owner first.`
            : `No account ${who}.`,
      );
      return 1;
    }
    say(`${who}: ${set.roles.join(', ')} (was ${set.previous.join(', ') || 'no role'}).`);
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
      say(`No message #${id}.`);
      return 1;
    }
    const { thread, posts } = found;
    say(
      `#${thread.id} ${thread.kind}, ${thread.status}, from ${[thread.contactName, thread.contactEmail, thread.contactPhone].filter(Boolean).join(', ') || (thread.playerId === null ? 'a guest' : `player #${thread.playerId}`)}`,
    );
    for (const p of posts) {
      // Lines after the first are indented: a message cannot print a line that looks like another post.
      const [first = '', ...more] = p.body.split(/\r\n|\n|\r/);
      say(`[${p.createdAt.toISOString().slice(0, 16).replace('T', ' ')}] ${p.author === 'staff' ? 'support' : 'visitor'}: ${first}`);
      for (const line of more) say(`    ${line}`);
    }
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
      say(`No message #${id}.`);
      return 1;
    }
    await ctx.mailer.drain();
    const where = [
      reply.kind === 'chat' ? 'in the chat' : '',
      reply.toMailbox ? "in the player's mail box" : '',
      reply.emailedTo ? `emailed to ${reply.emailedTo}` : '',
    ];
    say(`Answered #${id}: ${where.filter(Boolean).join(', ')}.`);
    return 0;
  }
  write(USAGE);
  return 2;
}
