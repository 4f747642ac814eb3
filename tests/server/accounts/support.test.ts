import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, settings, supportPosts, supportThreads } from '../../../src/server/db/schema/index.ts';
import { runSupportCommand } from '../../../src/server/support/cli.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { enrolTotp, type LoggedIn, logIn, type MailCatcher, register, startMailCatcher, uniqueIp, uniqueName } from './helpers.ts';

interface Mailbox {
  status: number;
  playerMessages: { count: number; rows: { id: number; subject: string; text: string; read: boolean; createdAt: string }[] };
  unread: number;
}

describe('support: contact form, mail box, chat and staff answers', () => {
  let api: TestApi;
  let mail: MailCatcher;
  let staff: LoggedIn;
  let alice: LoggedIn & { username: string; email: string };
  let bob: LoggedIn & { username: string; email: string };
  beforeAll(async () => {
    mail = await startMailCatcher();
    api = await testApi({ SMTP_URL: mail.url });
    staff = await logIn(api, 'admin', 'admin1234');
    const a = await register(api, { interface_local: 'se' });
    alice = { ...a, ...(await logIn(api, a.username, a.password)) };
    const b = await register(api);
    bob = { ...b, ...(await logIn(api, b.username, b.password)) };
    // Their activation mails are not what these tests read.
    await mail.next(alice.email);
    await mail.next(bob.email);
  });
  afterAll(async () => {
    await api?.close();
    await mail?.close();
  });

  const contact = (overrides: Record<string, unknown> = {}) => ({
    player_name: 'Erika Mustermann (guest)',
    email: `${uniqueName('guest')}@mail.test`,
    countryPhone: { text: 'Germany', value: '+49' },
    phone_number1: '15112345678',
    phone_number: '+4915112345678',
    note: 'My deposit has not arrived.',
    status: 'pending',
    ...overrides,
  });
  const threadsFor = (email: string) => api.ctx.database.db.select().from(supportThreads).where(eq(supportThreads.contactEmail, email));
  const reply = (id: number, text: string, token = staff.accessToken) => api.json('admin/reply_player_message', { id, text }, { token });
  const mailbox = (token: string, body: Record<string, unknown> = {}) => api.json<Mailbox>('front/get_player_messages', body, { token });

  it('files a guest’s contact message as pending, whatever status and player id the body claims', async () => {
    const form = contact({ status: 'answered', playerId: alice.playerId });
    expect(await api.json('front/player_send_message', form, { ip: uniqueIp() })).toEqual({ status: 200, body: { status: 1 } });
    const [thread] = await threadsFor(form.email);
    expect(thread).toMatchObject({ kind: 'contact', status: 'pending', playerId: null, contactName: form.player_name, contactPhone: '+4915112345678' });
    const posts = await api.ctx.database.db
      .select()
      .from(supportPosts)
      .where(eq(supportPosts.threadId, thread?.id ?? 0));
    expect(posts.map((p) => [p.author, p.body])).toEqual([['visitor', 'My deposit has not arrived.']]);
  });

  it('files a logged-in player’s message under the player in the token', async () => {
    const form = contact({ email: alice.email, playerId: bob.playerId });
    expect((await api.json('front/player_send_message', form, { token: alice.accessToken, ip: uniqueIp() })).body).toEqual({ status: 1 });
    const [thread] = await threadsFor(alice.email);
    expect(thread?.playerId).toBe(alice.playerId);
    expect(thread?.locale).toBe('se');
    expect((await api.json('front/player_send_message', contact(), { token: 'forged.token.here' })).status).toBe(401);
  });

  it('validates the contact form like the modal does', async () => {
    const { status, body } = await api.json('front/player_send_message', {}, { ip: uniqueIp() });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ player_name: 'field_required', email: 'field_required', phone_number1: 'field_required', note: 'field_required' });
    const bad = await api.json('front/player_send_message', contact({ email: 'x@', phone_number1: '12ab' }), { ip: uniqueIp() });
    expect(bad.body.errors).toEqual({ email: 'email_validation', phone_number1: 'phone_number_validation' });
  });

  it('puts the staff answer in the player’s mail box and mails it to the contact address, in the player’s language', async () => {
    await api.json('front/player_send_message', contact({ email: alice.email, note: 'Where is my bonus?' }), { token: alice.accessToken, ip: uniqueIp() });
    const thread = (await threadsFor(alice.email)).at(-1);
    expect(await reply(thread?.id ?? 0, 'Your bonus is on its way.')).toEqual({ status: 200, body: { status: 1 } });

    const box = await mailbox(alice.accessToken);
    expect(box.body.unread).toBe(1);
    expect(box.body.playerMessages.rows[0]).toMatchObject({ subject: 'Svar från Casino Eagles kundtjänst', text: 'Your bonus is on its way.', read: false });

    const letter = await mail.next(alice.email);
    expect(letter.subject).toBe('Svar från Casino Eagles kundtjänst');
    expect(letter.text).toContain('Your bonus is on its way.');
    expect(letter.text).toContain('Where is my bonus?');
    const [answered] = await api.ctx.database.db
      .select()
      .from(supportThreads)
      .where(eq(supportThreads.id, thread?.id ?? 0));
    expect(answered?.status).toBe('answered');
  });

  it('answers a guest by email only, in the language of the page they wrote from', async () => {
    const form = contact({ locale: 'no' });
    await api.json('front/player_send_message', form, { ip: uniqueIp() });
    const [thread] = await threadsFor(form.email);
    await reply(thread?.id ?? 0, 'Vi ser på saken.');
    const letter = await mail.next(form.email);
    expect(letter.subject).toBe('Svar fra Casino Eagles kundeservice');
    expect(letter.text).toContain('Vi ser på saken.');
  });

  it('lets only staff answer, and checks the staff scope in the database, not only in the token', async () => {
    const form = contact();
    await api.json('front/player_send_message', form, { ip: uniqueIp() });
    const [thread] = await threadsFor(form.email);
    const id = thread?.id ?? 0;
    expect((await api.json('admin/reply_player_message', { id, text: 'hi' })).status).toBe(401);
    expect((await reply(id, 'hi', alice.accessToken)).status).toBe(403);
    expect((await reply(999_999, 'hi')).body).toEqual({ status: 0, message: 'message_not_found' });

    // A second staff member loses the admin scope: their unexpired token stops working at once.
    const name = uniqueName('staff');
    const form2 = await register(api, { username: name });
    // An app enrolled while still a player; staff calls want a login through it (tests/server/accounts/two-factor.test.ts).
    const { secret } = await enrolTotp(api, (await logIn(api, name, form2.password)).accessToken, form2.password);
    await api.ctx.database.db
      .update(players)
      .set({ scope: ['player', 'admin', 'support'] })
      .where(eq(players.username, name));
    const former = await logIn(api, name, form2.password, uniqueIp(), secret);
    expect((await reply(id, 'Hello from staff', former.accessToken)).status).toBe(200);
    await api.ctx.database.db
      .update(players)
      .set({ scope: ['player'] })
      .where(eq(players.username, name));
    expect((await reply(id, 'still staff?', former.accessToken)).status).toBe(403);
  });

  it('lists the mail box newest first, a page at a time, with the unread count', async () => {
    const form = await register(api);
    const me = await logIn(api, form.username, form.password);
    for (let i = 1; i <= 5; i++) {
      await api.json('front/player_send_message', contact({ email: form.email, note: `question ${i}` }), { token: me.accessToken, ip: uniqueIp() });
    }
    for (const thread of await threadsFor(form.email)) await reply(thread.id, `answer to #${thread.id}`);
    const page1 = await mailbox(me.accessToken, { page: 1, limit: 2, playerId: alice.playerId });
    expect(page1.body.playerMessages.count).toBe(5);
    expect(page1.body.unread).toBe(5);
    expect(page1.body.playerMessages.rows).toHaveLength(2);
    const page3 = await mailbox(me.accessToken, { page: 3, limit: 2 });
    expect(page3.body.playerMessages.rows).toHaveLength(1);
    const all = (await mailbox(me.accessToken, { limit: 100 })).body.playerMessages.rows;
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(all.map((m) => m.text)).toEqual(page1.body.playerMessages.rows.map((m) => m.text).concat(all.slice(2).map((m) => m.text)));

    const opened = await api.json('front/read_player_message', { id: all[0]?.id }, { token: me.accessToken });
    expect(opened.body).toEqual({ status: 1, playerMessage: { ...all[0], read: true } });
    expect((await mailbox(me.accessToken)).body.unread).toBe(4);
    expect((await mailbox(me.accessToken, { limit: 101 })).status).toBe(400);
  });

  it('answers another player’s message id exactly like one that does not exist', async () => {
    const alices = (await mailbox(alice.accessToken)).body.playerMessages.rows;
    const target = alices[0]?.id ?? 0;
    expect(target).toBeGreaterThan(0);
    const foreign = await api.json('front/read_player_message', { id: target, playerId: alice.playerId }, { token: bob.accessToken });
    const missing = await api.json('front/read_player_message', { id: 2_000_000 }, { token: bob.accessToken });
    expect(foreign).toEqual({ status: 200, body: { status: 0, message: 'message_not_found' } });
    expect(missing).toEqual(foreign);
    // And Bob's look did not mark it read.
    expect((await mailbox(alice.accessToken)).body.playerMessages.rows[0]?.read).toBe(false);
    expect((await mailbox(bob.accessToken, { playerId: alice.playerId, id: alice.playerId })).body.playerMessages.count).toBe(0);
  });

  it('runs a guest chat under an opaque id the server hands out', async () => {
    const ip = uniqueIp();
    const first = await api.json<{ status: number; chatId: string; chatMessage: { id: number; from: string; text: string } }>(
      'front/chat_send',
      { text: 'Hello?' },
      { ip },
    );
    expect(first.body).toMatchObject({ status: 1, chatMessage: { from: 'visitor', text: 'Hello?' } });
    const chatId = first.body.chatId;
    expect(chatId).toMatch(/^[\w-]{43}$/);
    const second = await api.json('front/chat_send', { text: 'Anyone there?', chatId }, { ip });
    expect(second.body.chatId).toBe(chatId);

    const [thread] = await api.ctx.database.db
      .select()
      .from(supportThreads)
      .where(
        eq(supportThreads.id, (await api.ctx.database.db.select().from(supportPosts).where(eq(supportPosts.id, first.body.chatMessage.id)))[0]?.threadId ?? 0),
      );
    expect(thread).toMatchObject({ kind: 'chat', status: 'pending', playerId: null });
    expect(thread?.guestKeyHash).not.toBe(chatId);
    expect(await reply(thread?.id ?? 0, 'Yes, how can I help?')).toMatchObject({ body: { status: 1 } });

    const history = await api.json<{ chatMessages: { id: number; from: string; text: string }[] }>('front/chat_history', { chatId });
    expect(history.body.chatMessages.map((m) => [m.from, m.text])).toEqual([
      ['visitor', 'Hello?'],
      ['visitor', 'Anyone there?'],
      ['support', 'Yes, how can I help?'],
    ]);
    const after = history.body.chatMessages[1]?.id;
    const newer = await api.json<{ chatMessages: { text: string }[] }>('front/chat_history', { chatId, after });
    expect(newer.body.chatMessages.map((m) => m.text)).toEqual(['Yes, how can I help?']);
  });

  it('mails the answer to a guest chat to the address the guest left, in the language of their page, quoting what it answers', async () => {
    const ip = uniqueIp();
    const email = `${uniqueName('chatter')}@mail.test`;
    const first = await api.json<{ chatId: string; chatMessage: { id: number } }>(
      'front/chat_send',
      { text: 'Wo bleibt meine Auszahlung?', locale: 'de' },
      { ip },
    );
    const { chatId } = first.body;
    expect(await api.json('front/chat_email', { chatId, email, locale: 'de' }, { ip })).toEqual({ status: 200, body: { status: 1 } });
    await api.json('front/chat_send', { text: 'Sie ist seit Montag offen.', chatId, locale: 'de' }, { ip });
    const [post] = await api.ctx.database.db.select().from(supportPosts).where(eq(supportPosts.id, first.body.chatMessage.id));
    const threadId = post?.threadId ?? 0;

    expect((await reply(threadId, 'Sie wurde heute überwiesen.')).body).toEqual({ status: 1 });
    const letter = await mail.next(email);
    expect(letter.subject).toBe('Antwort des Casino-Eagles-Supports');
    expect(letter.text).toContain('Sie wurde heute überwiesen.');
    expect(letter.text).toContain('Wo bleibt meine Auszahlung?\nSie ist seit Montag offen.');

    // The next answer quotes only what was written after the previous one.
    await api.json('front/chat_send', { text: 'Danke!', chatId, locale: 'de' }, { ip });
    await reply(threadId, 'Gern geschehen.');
    const second = await mail.next(email);
    expect(second.text).toContain('Gern geschehen.');
    expect(second.text).toContain('Danke!');
    expect(second.text).not.toContain('Montag');
    // And the chat shows every answer as before.
    const history = await api.json<{ chatMessages: { from: string; text: string }[] }>('front/chat_history', { chatId });
    expect(history.body.chatMessages.filter((m) => m.from === 'support').map((m) => m.text)).toEqual(['Sie wurde heute überwiesen.', 'Gern geschehen.']);
  });

  it('answers a guest chat in the chat only when no address was left, and says where each answer went', async () => {
    const answer = async (chatId: string | undefined, email?: string) => {
      const ip = uniqueIp();
      const sent = await api.json<{ chatId: string; chatMessage: { id: number } }>('front/chat_send', { text: 'Quick question', chatId }, { ip });
      if (email) await api.json('front/chat_email', { chatId: sent.body.chatId, email }, { ip });
      const [post] = await api.ctx.database.db.select().from(supportPosts).where(eq(supportPosts.id, sent.body.chatMessage.id));
      const lines: string[] = [];
      await runSupportCommand(api.ctx, ['reply', String(post?.threadId), 'Quick answer'], (line) => lines.push(line));
      return lines.join('\n');
    };
    expect(await answer(undefined)).toMatch(/: in the chat\.$/);
    const email = `${uniqueName('chatter')}@mail.test`;
    expect(await answer(undefined, email)).toContain(`: in the chat, emailed to ${email}.`);
    expect((await mail.next(email)).text).toContain('Quick answer');
  });

  it('refuses an address for a chat it does not know, or one that is not an address, and changes nothing', async () => {
    const ip = uniqueIp();
    const sent = await api.json<{ chatId: string; chatMessage: { id: number } }>('front/chat_send', { text: 'Hi' }, { ip });
    expect(await api.json('front/chat_email', { chatId: 'guessed-id', email: 'someone@mail.test' }, { ip })).toEqual({
      status: 200,
      body: { status: 0, message: 'chat_not_found' },
    });
    const bad = await api.json('front/chat_email', { chatId: sent.body.chatId, email: 'not-an-address' }, { ip });
    expect(bad).toMatchObject({ status: 400, body: { status: 0, errors: { email: 'email_validation' } } });
    expect((await api.json('front/chat_email', { email: 'someone@mail.test' }, { ip })).body).toMatchObject({ errors: { chatId: 'field_required' } });
    const [post] = await api.ctx.database.db.select().from(supportPosts).where(eq(supportPosts.id, sent.body.chatMessage.id));
    const [thread] = await api.ctx.database.db
      .select()
      .from(supportThreads)
      .where(eq(supportThreads.id, post?.threadId ?? 0));
    expect(thread?.contactEmail).toBeNull();
  });

  it('never lets a guessed chat id into someone else’s conversation', async () => {
    expect((await api.json('front/chat_history', { chatId: 'guessed-id' })).body).toEqual({ status: 1, chatMessages: [] });
    expect((await api.json('front/chat_history', {})).body).toEqual({ status: 1, chatMessages: [] });
    const sent = await api.json<{ chatId: string }>('front/chat_send', { text: 'hi', chatId: 'guessed-id' }, { ip: uniqueIp() });
    expect(sent.body.chatId).not.toBe('guessed-id');
    expect((await api.json('front/chat_history', { chatId: 'guessed-id' })).body).toEqual({ status: 1, chatMessages: [] });
  });

  it('keeps one chat per player, found by the token and never by a chat id in the body', async () => {
    const guest = await api.json<{ chatId: string }>('front/chat_send', { text: 'guest secret' }, { ip: uniqueIp() });
    const sent = await api.json('front/chat_send', { text: 'I am Bob', chatId: guest.body.chatId }, { token: bob.accessToken, ip: uniqueIp() });
    expect(sent.body).toMatchObject({ status: 1, chatId: null });
    await api.json('front/chat_send', { text: 'Still Bob' }, { token: bob.accessToken, ip: uniqueIp() });
    const history = await api.json<{ chatMessages: { text: string }[] }>('front/chat_history', { chatId: guest.body.chatId }, { token: bob.accessToken });
    expect(history.body.chatMessages.map((m) => m.text)).toEqual(['I am Bob', 'Still Bob']);
    const alicesView = await api.json<{ chatMessages: unknown[] }>('front/chat_history', {}, { token: alice.accessToken });
    expect(alicesView.body.chatMessages).toEqual([]);
  });

  it('limits chat lines and contact messages from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await api.json('front/chat_send', { text: `line ${i}` }, { ip })).status).toBe(200);
    expect(await api.json('front/chat_send', { text: 'one too many' }, { ip })).toEqual({ status: 429, body: { status: 0, message: 'too_many_attempts' } });
    const other = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await api.json('front/player_send_message', contact(), { ip: other })).status).toBe(200);
    expect((await api.json('front/player_send_message', contact(), { ip: other })).status).toBe(429);
  });

  it('lets staff list, read and answer the inbox from the command line', async () => {
    const form = contact({ player_name: 'CLI Tester', note: 'Please call me back.' });
    await api.json('front/player_send_message', form, { ip: uniqueIp() });
    const [thread] = await threadsFor(form.email);
    const id = thread?.id ?? 0;
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runSupportCommand(api.ctx, args, (line) => lines.push(line));
      return { code, out: lines.join('\n') };
    };
    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`#${id}`);
    expect(list.out).toContain('CLI Tester');
    expect(list.out).toContain('Please call me back.');
    expect((await run('show', String(id))).out).toContain('visitor: Please call me back.');

    const answered = await run('reply', String(id), 'We', 'called', 'you.');
    expect(answered).toEqual({ code: 0, out: `Answered #${id}: emailed to ${form.email}.` });
    expect((await mail.next(form.email)).text).toContain('We called you.');
    expect((await run('list')).out).not.toContain(`#${id} `);
    expect((await run('list', 'answered')).out).toContain(`#${id}`);
    expect((await run('show', String(id))).out).toContain('support: We called you.');

    expect((await run('reply', '999999', 'hello')).code).toBe(1);
    expect((await run('reply', 'abc', 'hello')).code).toBe(2);
    expect((await run('reply', String(id))).code).toBe(2);
    expect((await run('dance')).code).toBe(2);
  });

  it('lets staff read the inbox through the admin calls too', async () => {
    const threads = await api.json<{ threads: { id: number; status: string }[] }>('admin/get_support_threads', { status: 'all' }, { token: staff.accessToken });
    expect(threads.body.threads.length).toBeGreaterThan(3);
    const one = await api.json<{ thread: { id: number }; posts: unknown[] }>(
      'admin/get_support_thread',
      { id: threads.body.threads[0]?.id },
      { token: staff.accessToken },
    );
    expect(one.body.posts.length).toBeGreaterThan(0);
    expect((await api.json('admin/get_support_threads', {}, { token: alice.accessToken })).status).toBe(403);
  });

  it('names a third-party chat script in front/get_setting when staff set one', async () => {
    expect((await api.json<{ setting: Record<string, unknown> }>('front/get_setting')).body.setting.chat_script_url).toBeUndefined();
    await api.ctx.database.db.update(settings).set({ chatScriptUrl: 'https://chat.example/widget.js' });
    api.ctx.settings.invalidate();
    expect((await api.json<{ setting: Record<string, unknown> }>('front/get_setting')).body.setting.chat_script_url).toBe('https://chat.example/widget.js');
    await api.ctx.database.db.update(settings).set({ chatScriptUrl: null });
    api.ctx.settings.invalidate();
  });
});
