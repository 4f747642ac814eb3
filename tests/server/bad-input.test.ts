// Control characters and broken text sent to the player calls and the game pages'
// calls: each is refused with 400 and a catalogue key, never a 500 (PostgreSQL cannot
// store NUL, in text or in jsonb).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { type TestApi, testApi } from '../helpers/app.ts';
import { exportedSchemas, objectFields } from '../helpers/schema-walk.ts';
import { type LoggedIn, logIn, register, uniqueIp } from './accounts/helpers.ts';

const catalogue = new Set(Object.values(en).flatMap((section) => Object.keys(section)));
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\uD800';

interface Refused {
  status: number;
  body: { status?: number; message?: string; errors?: Record<string, string> };
}

describe('text with control characters or broken surrogates', () => {
  let api: TestApi;
  let alice: LoggedIn;
  beforeAll(async () => {
    api = await testApi();
    const form = await register(api);
    alice = await logIn(api, form.username, form.password);
  });
  afterAll(() => api?.close());

  const send = async (path: string, body: unknown): Promise<Refused> => {
    // A logout with the token would end Alice's login (tests/server/accounts/logout.test.ts) and every later live call.
    const token = path === 'front/auth/logout' ? {} : { token: alice.accessToken };
    const response = await api.call(path, body, { ...token, ip: uniqueIp() });
    return { status: response.status, body: (await response.json()) as Refused['body'] };
  };

  // Each of these answered 500 before: the text went on to a query and PostgreSQL refused it.
  const fields: [path: string, field: string, base: Record<string, unknown>][] = [
    ['front/get_games', 'filterGame', {}],
    ['front/get_game_url', 'game_code', { is_real: false }],
    ['front/get_game_url', 'game_id', { is_real: false }],
    ['front/get_financial_transaction', 'tx_id', {}],
    ['front/get_financial_transaction', 'invoice_id', {}],
    ['front/get_financial_transactions', 'filterProvider', { filterPeriod: 2 }],
    ['front/get_bet_list', 'filterProvider', { filterPeriod: 2 }],
  ];

  it.each(fields)('%s refuses a NUL or half a surrogate pair in %s with invalid_characters', async (path, field, base) => {
    for (const value of [NUL, LONE_SURROGATE, '\u001b[2J', '\u009b31m']) {
      const reply = await send(path, { ...base, [field]: value });
      expect(reply, JSON.stringify(value)).toMatchObject({
        status: 400,
        body: { status: 0, message: 'validation_failed', errors: { [field]: 'invalid_characters' } },
      });
    }
  });

  it.each(fields)('%s refuses a 10 KB %s with a catalogue key', async (path, field, base) => {
    const reply = await send(path, { ...base, [field]: 'x'.repeat(10 * 1024) });
    expect(reply.status).toBe(400);
    expect(catalogue).toContain(reply.body.errors?.[field]);
  });

  it('refuses such text in a key or a value the call would have ignored, naming where it is', async () => {
    expect(await send('front/get_games', { filterGame: 'ok', extra: { list: ['fine', NUL] } })).toMatchObject({
      status: 400,
      body: { errors: { 'extra.list.1': 'invalid_characters' } },
    });
    const badKey = await send('front/get_games', { 'a\u0000b': 1 });
    expect(badKey).toMatchObject({ status: 400, body: { errors: { 'a\\u0000b': 'invalid_characters' } } });
    expect(await send('studio/start', { session: 'x'.repeat(30), roundId: 'round-0001', stake: 1, choice: { note: NUL } })).toMatchObject({
      status: 400,
      body: { errors: { 'choice.note': 'invalid_characters' } },
    });
  });

  it('keeps tabs and line breaks where a text may span lines, and refuses them in one line', async () => {
    const chat = await send('front/chat_send', { text: 'Hello,\r\n\tI need help.' });
    expect(chat.status).toBe(200);
    expect(await send('front/get_games', { filterGame: 'book\nof' })).toMatchObject({ status: 400, body: { errors: { filterGame: 'invalid_characters' } } });
  });

  it('answers a body nested thousands deep without a 500', async () => {
    const depth = 20_000;
    const reply = await send('front/get_games', `{"deep":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`);
    expect(reply.status).toBe(400);
    expect(Object.entries(reply.body.errors ?? {})).toEqual([[`deep${'.0'.repeat(depth)}`, 'invalid_characters']]);
  });

  it('refuses a NUL in every field of every player and game-page call with 400 and a catalogue key', async () => {
    // Every field name any schema knows, and one that none does: each call gets each.
    const names = new Set(['not_a_field']);
    for (const { schema } of await exportedSchemas()) for (const name of objectFields(schema)) names.add(name);
    const calls = [
      ...new Set(api.app.routes.filter((r) => r.method === 'POST' && /^\/api\/(front|studio)\//.test(r.path)).map((r) => r.path.replace(/^\/api\//, ''))),
    ];
    expect(calls.length).toBeGreaterThan(30);
    expect(names.size).toBeGreaterThan(50);
    // These read no body at all: the refresh cookie or the token is all they take.
    const bodyless = new Set(['front/auth/refresh', 'front/auth/logout', 'front/get_player_profile']);
    const problems: string[] = [];
    for (const call of calls) {
      for (const name of names) {
        const reply = await send(call, { [name]: NUL });
        if (reply.status >= 500) problems.push(`${call} ${name}: ${reply.status}`);
        else if (bodyless.has(call)) continue;
        else if (reply.status !== 400) problems.push(`${call} ${name}: ${reply.status}`);
        else if (!catalogue.has(reply.body.errors?.[name] ?? '')) problems.push(`${call} ${name}: ${JSON.stringify(reply.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
