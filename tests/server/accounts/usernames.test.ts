// Usernames as readers see them: lookalikes of a taken name are taken, names that mix
// scripts to pass for another are refused, names in one script of any language are welcome.
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { usernameKey } from '../../../src/server/auth/usernames.ts';
import { players } from '../../../src/server/db/schema/index.ts';
import { seed } from '../../../src/server/demo/seed.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { logIn, signUpForm, uniqueIp } from './helpers.ts';

/** A few random digits, so that names of one run never meet those of another. */
const digits = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '7');

describe('usernames as readers see them', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi();
  });
  afterAll(() => api?.close());

  const signUp = (username: string) => api.json('front/register_player', signUpForm({ username }), { ip: uniqueIp() });
  const check = async (username: string) => (await api.json('front/validate_player_name', { username })).body;
  const accountsKeyed = async (username: string) =>
    (
      await api.ctx.database.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.usernameKey, usernameKey(username)))
    ).length;

  it('refuses аdmin, dеmo, ｄｅｍｏ, DEMO and Demo as taken', async () => {
    // Cyrillic а in the first, Cyrillic е in the second, full-width letters in the third.
    for (const username of ['\u0430dmin', 'd\u0435mo', 'ｄｅｍｏ', 'DEMO', 'Demo']) {
      expect(await signUp(username), username).toEqual({
        status: 200,
        body: { status: 0, message: 'username_duplicated', errors: { username: 'username_duplicated' } },
      });
      expect(await check(username), username).toEqual({ status: 0, message: 'username_duplicated' });
    }
    expect(await accountsKeyed('admin')).toBe(1);
    expect(await accountsKeyed('demo')).toBe(1);
  });

  it('refuses a new name that mixes Latin with Cyrillic, or with another script’s lookalikes, with its own message', async () => {
    const n = digits();
    // Cyrillic о in "support"; Latin and Cyrillic side by side; Armenian օ in "support".
    for (const username of [`supp\u043ert_${n}`, `ivan_\u0436\u0443\u043a_${n}`, `supp\u0585rt_${n}`]) {
      expect(await signUp(username), username).toEqual({
        status: 400,
        body: { status: 0, message: 'username_mixed_scripts', errors: { username: 'username_mixed_scripts' } },
      });
      expect(await check(username), username).toEqual({ status: 0, message: 'username_mixed_scripts' });
      expect(await accountsKeyed(username)).toBe(0);
    }
  });

  it('welcomes names written in one script: Cyrillic, Greek, Japanese, Korean, Arabic, and Latin beside Japanese', async () => {
    const n = digits();
    for (const username of [`иван_${n}`, `Γιώργος_${n}`, `たなか_${n}`, `山田太郎${n}`, `김민수_${n}`, `علي_${n}`, `taro_たなか_${n}`]) {
      expect(await check(username), username).toEqual({ status: 1 });
      expect(await signUp(username), username).toEqual({ status: 200, body: { status: 1 } });
      expect(await check(username), username).toEqual({ status: 0, message: 'username_duplicated' });
      // The account works under the name as typed.
      await logIn(api, username, 'secret123', uniqueIp());
    }
  });

  it('answers validate_player_name exactly as register_player would', async () => {
    const n = digits();
    const free = `free_${n}`;
    for (const username of ['DEMO', 'ａｄｍｉｎ', `p\u0430yout_${n}`, free, `пётр_${n}`]) {
      const checked = await check(username);
      const { body } = await signUp(username);
      if (checked.status === 1) expect(body, username).toEqual({ status: 1 });
      else expect(body, username).toMatchObject({ status: 0, message: checked.message });
    }
  });

  it('creates one account when lookalikes sign up at the same moment', async () => {
    const n = digits();
    // Latin, Cyrillic (each in one script), full width, capitals: one name to a reader.
    const variants = [`coca_${n}`, `\u0441\u043e\u0441\u0430_${n}`, `ｃｏｃａ_${n}`, `COCA_${n}`, `\u0421\u043e\u0441\u0430_${n}`];
    const replies = await Promise.all(variants.map(signUp));
    const bodies = replies.map((r) => r.body);
    expect(bodies.filter((b) => b.status === 1)).toHaveLength(1);
    expect(bodies.filter((b) => b.message === 'username_duplicated')).toHaveLength(4);
    expect(await accountsKeyed(`coca_${n}`)).toBe(1);
  });

  it('logs the player in by any spelling that reads as their name, with their password only', async () => {
    for (const spelling of ['DEMO', 'ｄｅｍｏ', 'Demo']) {
      expect((await api.call('front/auth/login/', { username: spelling, password: 'demo1234' }, { ip: uniqueIp() })).status, spelling).toBe(200);
      expect((await api.call('front/auth/login/', { username: spelling, password: 'wrong-one' }, { ip: uniqueIp() })).status, spelling).toBe(401);
    }
  });

  it('gives old accounts their keys at start, and logs two old lookalikes instead of failing', async () => {
    const db = api.ctx.database.db;
    const n = digits();
    const passwordHash = await hashPassword('secret123');
    const base = {
      passwordHash,
      email: 'old@mail.test',
      firstName: 'Old',
      lastName: 'Timer',
      birthday: '1980-01-01',
      country: 'DE',
      phoneNumber: '+4915112345678',
      city: 'Berlin',
      address: 'Street 1',
      postalCode: '10115',
    };
    // Accounts from before keys: the demo ones, and two lookalikes (the younger with a Cyrillic х).
    await db.update(players).set({ usernameKey: null }).where(sql`lower(${players.username}) in ('demo', 'admin')`);
    const [older] = await db
      .insert(players)
      .values({ ...base, username: `max_${n}` })
      .returning({ id: players.id });
    const [younger] = await db
      .insert(players)
      .values({ ...base, username: `ma\u0445_${n}` })
      .returning({ id: players.id });

    const lines: { level: number; msg: string; username?: string }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    await seed(db, { withDemoAccounts: true, logger, config: api.ctx.config });

    const keyOf = async (id: number) => (await db.select({ key: players.usernameKey }).from(players).where(eq(players.id, id)))[0]?.key;
    expect(await accountsKeyed('demo')).toBe(1);
    expect(await accountsKeyed('admin')).toBe(1);
    expect(await keyOf(older?.id ?? 0)).toBe(usernameKey(`max_${n}`));
    expect(await keyOf(younger?.id ?? 0)).toBeNull();
    expect(lines.filter((l) => l.level === 40).map((l) => l.username)).toEqual([`ma\u0445_${n}`]);

    // Each still logs in by its own spelling; nobody new gets the name.
    expect((await logIn(api, `max_${n}`, 'secret123', uniqueIp())).playerId).toBe(older?.id);
    expect((await logIn(api, `ma\u0445_${n}`, 'secret123', uniqueIp())).playerId).toBe(younger?.id);
    expect((await signUp(`MAX_${n}`)).body).toMatchObject({ message: 'username_duplicated' });
    // A second start logs the clash again and changes nothing else.
    await seed(db, { withDemoAccounts: true, logger, config: api.ctx.config });
    expect(await keyOf(younger?.id ?? 0)).toBeNull();
  });
});
