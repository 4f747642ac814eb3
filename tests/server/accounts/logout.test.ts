// An access token outlives its login by up to 15 minutes. Reading with it is harmless;
// playing for real money, moving money or changing the account with it after the login
// has ended (logout, a password change elsewhere, theft) must stop at once.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../src/server/auth/tokens.ts';
import { manualClock } from '../../../src/server/clock.ts';
import { gameSessions, players } from '../../../src/server/db/schema/index.ts';
import { readBalance, walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { newKey } from '../../helpers/wallet.ts';
import { type LoggedIn, logIn, register, uniqueIp, withRefresh } from './helpers.ts';

const UNAUTHORIZED = { status: 401, body: { status: 0, message: 'unauthorized' } };

describe('a login that has ended', () => {
  const clock = manualClock();
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi({}, { clock });
  });
  afterAll(() => api?.close());

  type Player = LoggedIn & { username: string; password: string };
  const newPlayer = async (): Promise<Player> => {
    const form = await register(api);
    const session = await logIn(api, form.username, form.password, uniqueIp());
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: session.playerId, amount: 50_00, provider: 'card' });
    return { ...form, ...session };
  };
  const launchReal = (token: string) =>
    api.json<{ status: number; gameURL?: string }>('front/get_game_url', { game_code: 'eagle-fruits', is_real: true, lang: 'en' }, { token, ip: uniqueIp() });
  const gameSessionsOf = async (playerId: number) =>
    (await api.ctx.database.db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.playerId, playerId)))[0]?.n ?? 0;
  const logOut = (player: Player) => api.call('front/auth/logout', {}, withRefresh(player.refreshToken));

  it('opens a real-money game for a login that stands (the baseline)', async () => {
    const player = await newPlayer();
    const launch = await launchReal(player.accessToken);
    expect(launch.body).toMatchObject({ status: 1, gameURL: expect.stringContaining('#s=') });
    expect(await gameSessionsOf(player.playerId)).toBe(1);
  });

  it('a logout with the access token alone (no cookie) ends that login: real play, money and account calls are refused after it', async () => {
    const player = await newPlayer();
    const other = await logIn(api, player.username, player.password, uniqueIp());
    const withdrawal = await walletOf(api.ctx).withdrawalRequest({ key: newKey('wd'), playerId: player.playerId, amount: 20_00, provider: 'bank' });
    if (!withdrawal.ok) throw new Error(withdrawal.code);

    expect(await api.json('front/auth/logout', {}, { token: player.accessToken })).toEqual({ status: 200, body: { status: 1 } });
    expect(await launchReal(player.accessToken)).toEqual(UNAUTHORIZED);
    expect(await api.json('front/cancel_withdrawal_request', { transactionId: withdrawal.operationId }, { token: player.accessToken })).toEqual(UNAUTHORIZED);
    expect(await api.json('front/update_profile', { city: 'Hijacked' }, { token: player.accessToken })).toEqual(UNAUTHORIZED);
    expect(await readBalance(api.ctx.database.db, player.playerId)).toMatchObject({ real: 30_00, locked: 20_00 });
    // Its refresh token is gone with it; the player's other login plays on.
    expect((await api.call('front/auth/refresh', {}, withRefresh(player.refreshToken))).status).toBe(401);
    expect((await launchReal(other.accessToken)).body).toMatchObject({ status: 1 });
  });

  it('a logout with a token that no longer checks out ends nothing and still answers success', async () => {
    const player = await newPlayer();
    const tampered = `${player.accessToken.slice(0, -4)}AAAA`;
    expect(await api.json('front/auth/logout', {}, { token: tampered })).toEqual({ status: 200, body: { status: 1 } });
    expect((await launchReal(player.accessToken)).body).toMatchObject({ status: 1 });
  });

  it('after logout, refuses a real-money launch with the old access token and opens no game session', async () => {
    const player = await newPlayer();
    expect((await logOut(player)).status).toBe(200);
    expect(await launchReal(player.accessToken)).toEqual(UNAUTHORIZED);
    expect(await gameSessionsOf(player.playerId)).toBe(0);
  });

  it('after logout, refuses to cancel a withdrawal with the old access token, and the money stays locked', async () => {
    const player = await newPlayer();
    const withdrawal = await walletOf(api.ctx).withdrawalRequest({ key: newKey('wd'), playerId: player.playerId, amount: 20_00, provider: 'bank' });
    if (!withdrawal.ok) throw new Error(withdrawal.code);
    await logOut(player);
    expect(await api.json('front/cancel_withdrawal_request', { transactionId: withdrawal.operationId }, { token: player.accessToken })).toEqual(UNAUTHORIZED);
    expect(await readBalance(api.ctx.database.db, player.playerId)).toMatchObject({ real: 30_00, locked: 20_00 });
  });

  it('after logout, refuses to change the profile or the password with the old access token', async () => {
    const player = await newPlayer();
    await logOut(player);
    expect(await api.json('front/update_profile', { city: 'Hijacked' }, { token: player.accessToken })).toEqual(UNAUTHORIZED);
    const change = { oldPassword: player.password, newPassword: 'taken-over', confirmPassword: 'taken-over' };
    expect(await api.json('front/update_player_password', change, { token: player.accessToken })).toEqual(UNAUTHORIZED);
    const [row] = await api.ctx.database.db.select({ city: players.city }).from(players).where(eq(players.id, player.playerId));
    expect(row?.city).toBe('Berlin');
    // The old password still opens the account; the new one does not.
    await logIn(api, player.username, player.password, uniqueIp());
    expect((await api.call('front/auth/login/', { username: player.username, password: 'taken-over' }, { ip: uniqueIp() })).status).toBe(401);
  });

  it('after logout, refuses support messages under the player and marking mail read with the old token', async () => {
    const player = await newPlayer();
    await logOut(player);
    expect(await api.json('front/chat_send', { text: 'still here?' }, { token: player.accessToken, ip: uniqueIp() })).toEqual(UNAUTHORIZED);
    expect(await api.json('front/read_player_message', { id: 1 }, { token: player.accessToken })).toEqual(UNAUTHORIZED);
  });

  it('keeps reading cheap: the old token still reads the balance until it runs out', async () => {
    const player = await newPlayer();
    await logOut(player);
    expect((await api.json('front/get_player_balance', {}, { token: player.accessToken })).status).toBe(200);
  });

  it('ends only the login that logged out: another login of the player still plays', async () => {
    const player = await newPlayer();
    const other = await logIn(api, player.username, player.password, uniqueIp());
    await logOut(player);
    expect((await launchReal(other.accessToken)).body).toMatchObject({ status: 1 });
  });

  it('ends real play at once for the other logins when the password changes', async () => {
    const player = await newPlayer();
    const elsewhere = await logIn(api, player.username, player.password, uniqueIp());
    const change = { oldPassword: player.password, newPassword: 'changed-here', confirmPassword: 'changed-here' };
    expect((await api.json('front/update_player_password', change, { token: player.accessToken })).body).toEqual({ status: 1 });
    expect(await launchReal(elsewhere.accessToken)).toEqual(UNAUTHORIZED);
    expect((await launchReal(player.accessToken)).body).toMatchObject({ status: 1 });
  });

  it('refuses real play to a valid token that belongs to no login at all', async () => {
    const player = await newPlayer();
    const loginless = await issueAccessToken(api.ctx.config.jwtSecret, { playerId: player.playerId, scope: ['player'] });
    expect(await launchReal(loginless)).toEqual(UNAUTHORIZED);
    const foreignLogin = await issueAccessToken(api.ctx.config.jwtSecret, { playerId: player.playerId, scope: ['player'], sessionId: crypto.randomUUID() });
    expect(await launchReal(foreignLogin)).toEqual(UNAUTHORIZED);
    expect(await gameSessionsOf(player.playerId)).toBe(0);
  });

  it("refuses real play with a token whose login is another player's", async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const { sid } = JSON.parse(Buffer.from(bob.accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    const borrowed = await issueAccessToken(api.ctx.config.jwtSecret, { playerId: alice.playerId, scope: ['player'], sessionId: sid });
    expect(await launchReal(borrowed)).toEqual(UNAUTHORIZED);
  });

  it('stops staff calls when the staff login has ended', async () => {
    const { accessToken, refreshToken } = await logIn(api, 'admin', 'admin1234', uniqueIp());
    expect((await api.json('admin/get_setting', {}, { token: accessToken })).status).toBe(200);
    await api.call('front/auth/logout', {}, withRefresh(refreshToken));
    expect(await api.json('admin/update_setting', { ip_black_list: ['203.0.113.50'] }, { token: accessToken })).toEqual(UNAUTHORIZED);
  });

  it('stops real play at once when the login is revoked as stolen', async () => {
    const player = await newPlayer();
    const rotated = await api.call('front/auth/refresh', {}, withRefresh(player.refreshToken));
    const { accessToken } = (await rotated.json()) as { accessToken: string };
    clock.advance(31_000);
    expect((await api.call('front/auth/refresh', {}, withRefresh(player.refreshToken))).status).toBe(401);
    expect(await launchReal(accessToken)).toEqual(UNAUTHORIZED);
  });

  it('stops real play at once when the player is blocked', async () => {
    const player = await newPlayer();
    await api.ctx.database.db.update(players).set({ status: 'blocked' }).where(eq(players.id, player.playerId));
    expect(await launchReal(player.accessToken)).toEqual(UNAUTHORIZED);
  });
});
