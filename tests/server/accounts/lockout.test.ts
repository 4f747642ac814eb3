// Login limits against two attackers: a guesser on one address must be stopped, and
// somebody with many addresses must not be able to lock a player out of their account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../../../src/server/clock.ts';
import { LIMITS, loginDelaySeconds } from '../../../src/server/auth/rate-limit.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { register, uniqueIp } from './helpers.ts';

describe('login limits', () => {
  let api: TestApi;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock();
    api = await testApi({}, { clock });
  });
  afterAll(() => api?.close());

  const login = (username: string, password: string, ip: string) => api.call('front/auth/login/', { username, password, ip_address: '' }, { ip });
  const status = async (username: string, password: string, ip: string) => (await login(username, password, ip)).status;
  /** One wrong password from each of `count` fresh addresses; the addresses, for later. */
  const failFromManyAddresses = async (username: string, count: number) => {
    const ips = Array.from({ length: count }, () => uniqueIp());
    for (const [i, ip] of ips.entries()) expect(await status(username, `wrong-${i}`, ip), `guess ${i + 1}`).toBe(401);
    return ips;
  };

  it('lets the player in from a fresh address after 10 failures from 10 addresses', async () => {
    const player = await register(api);
    await failFromManyAddresses(player.username, 10);
    expect(await status(player.username, player.password, uniqueIp())).toBe(200);
  });

  it('lets the player in from a fresh address after 100 failures spread over addresses', async () => {
    const player = await register(api);
    await failFromManyAddresses(player.username, 100);
    expect(await status(player.username, player.password, uniqueIp())).toBe(200);
  });

  it('refuses an address its 11th try at a username after 10 failures, the right password too, and only that address', async () => {
    const player = await register(api);
    const guesser = uniqueIp();
    for (let i = 0; i < 10; i++) expect(await status(player.username, `wrong-${i}`, guesser), `guess ${i + 1}`).toBe(401);

    const locked = await login(player.username, player.password, guesser);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ status: 0, message: 'too_many_attempts' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginPerUsernameAndIp.windowSeconds);

    // The player, elsewhere, is not affected.
    expect(await status(player.username, player.password, uniqueIp())).toBe(200);
    // The guesser is, until the lock's window ends.
    clock.advance((retryAfter - 1) * 1000);
    expect(await status(player.username, player.password, guesser)).toBe(429);
    clock.advance(1000);
    expect(await status(player.username, player.password, guesser)).toBe(200);
  });

  it('counts lookalike spellings of one username as one username', async () => {
    const player = await register(api);
    const guesser = uniqueIp();
    const spellings = [player.username, player.username.toUpperCase(), player.username.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))];
    for (let i = 0; i < 10; i++) expect(await status(spellings[i % 3] ?? '', `wrong-${i}`, guesser), `guess ${i + 1}`).toBe(401);
    expect(await status(player.username, player.password, guesser)).toBe(429);
  });

  it('makes an address that failed on a much-guessed username wait between tries, longer with each failure', async () => {
    const player = await register(api);
    const [first = ''] = await failFromManyAddresses(player.username, 10);

    // 10 failures of the username: an address that failed waits 1 s, and Retry-After says so.
    expect(loginDelaySeconds(10)).toBe(1);
    const early = await login(player.username, 'wrong-again', first);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    expect(await status(player.username, 'wrong-again', first)).toBe(401);

    // 11 failures: 2 s.
    clock.advance(1000);
    const twice = await login(player.username, player.password, first);
    expect(twice.status).toBe(429);
    expect(twice.headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    // Waiting its turn, the address gets in with the right password; turned-away tries did not count against it.
    expect(await status(player.username, player.password, first)).toBe(200);
  });

  it('never slows down an address that has not failed, however slow the others are made', async () => {
    const player = await register(api);
    await failFromManyAddresses(player.username, 30);
    expect(loginDelaySeconds(30)).toBe(15 * 60);
    for (let i = 0; i < 3; i++) expect(await status(player.username, player.password, uniqueIp())).toBe(200);
  });

  it('lets no parallel burst from one address past its lock', async () => {
    const player = await register(api);
    const ip = uniqueIp();
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => login(player.username, `burst-${i}`, ip)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('gives a waiting address one try per turn, however many it sends at once', async () => {
    const player = await register(api);
    const [first = ''] = await failFromManyAddresses(player.username, 10);
    clock.advance(1000);
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => login(player.username, `burst-${i}`, first)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('still refuses an address after 20 failures, whatever usernames they name', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect(await status(`nobody-${i}`, 'password', ip), `guess ${i + 1}`).toBe(401);
    const locked = await login('demo', 'demo1234', ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await status('demo', 'demo1234', uniqueIp())).toBe(200);
  });
});
