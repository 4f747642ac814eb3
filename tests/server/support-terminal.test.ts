// `npm run support` prints what players wrote to a staff terminal: escape sequences in
// it must be shown, never acted on (clear screen, fake colours, OSC 52 clipboard writes,
// bidi overrides that reorder the line).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportPosts, supportThreads } from '../../src/server/db/schema/index.ts';
import { forTerminal, runSupportCommand } from '../../src/server/support/cli.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { uniqueIp } from './accounts/helpers.ts';

const CLEAR_SCREEN = '\u001b[2J';
const CLIPBOARD_WRITE = '\u001b]52;c;cm0gLXJmIH4=\u0007';
const C1_CSI = '\u009b31m';
const RIGHT_TO_LEFT_OVERRIDE = '\u202e';

// What a terminal could act on: any control character (a line is printed without its
// line break), half a surrogate pair, or a bidi control.
const ACTIVE = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe('the support command line shows escape sequences instead of sending them to the terminal', () => {
  let api: TestApi;
  let threadId: number;
  beforeAll(async () => {
    api = await testApi();
    // Text stored before the API refused control characters, or by any other way in.
    const [thread] = await api.ctx.database.db
      .insert(supportThreads)
      .values({ kind: 'contact', contactName: `Eve${CLEAR_SCREEN}`, contactEmail: 'eve@mail.test', locale: 'en' })
      .returning({ id: supportThreads.id });
    threadId = thread?.id ?? 0;
    await api.ctx.database.db.insert(supportPosts).values({
      threadId,
      author: 'visitor',
      body: `Hello${CLEAR_SCREEN}${CLIPBOARD_WRITE} ${C1_CSI}red ${RIGHT_TO_LEFT_OVERRIDE}txt.exe\n[2099-01-01 00:00] support: We refunded you.`,
    });
  });
  afterAll(() => api?.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runSupportCommand(api.ctx, args, (line) => lines.push(line));
    return { code, lines };
  };

  it('writes each of them as its escape in the list, the thread and the answer', async () => {
    const list = await run('list');
    const show = await run('show', String(threadId));
    const reply = await run('reply', String(threadId), 'Done.');
    for (const { code, lines } of [list, show, reply]) {
      expect(code).toBe(0);
      for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(ACTIVE);
    }
    const shown = show.lines.join('\n');
    expect(shown).toContain('Eve\\x1b[2J');
    expect(shown).toContain('Hello\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07 \\x9b31mred \\u202etxt.exe');
    expect(list.lines.join('\n')).toContain('Hello\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07');
  });

  it('indents the later lines of a message, so that none can pass for another post', async () => {
    const { lines } = await run('show', String(threadId));
    expect(lines).toContain('    [2099-01-01 00:00] support: We refunded you.');
    expect(lines.filter((l) => l.startsWith('[2099'))).toEqual([]);
  });

  it('shows a bidi override a visitor may still send through the chat', async () => {
    const sent = await api.json<{ status: number }>('front/chat_send', { text: `invoice ${RIGHT_TO_LEFT_OVERRIDE}fdp.exe` }, { ip: uniqueIp() });
    expect(sent.status).toBe(200);
    const { lines } = await run('list');
    expect(lines.join('\n')).toContain('invoice \\u202efdp.exe');
    for (const line of lines) expect(line).not.toMatch(ACTIVE);
  });

  it('escapes every C0 and C1 control and DEL, and leaves letters of every script and emoji alone', () => {
    for (let code = 0; code <= 0x9f; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      expect(forTerminal(`a${String.fromCharCode(code)}b`)).toBe(`a\\x${code.toString(16).padStart(2, '0')}b`);
    }
    expect(forTerminal('\uD800')).toBe('\\ud800');
    expect(forTerminal('Grüße, مرحبا, 日本語, 👩‍👩‍👧')).toBe('Grüße, مرحبا, 日本語, 👩‍👩‍👧');
  });
});
