// Time-outs, self-exclusion and account closure (PGlite and PostgreSQL): login refused
// with the end date, every money-moving call refused, also with a token or a game
// session from before; open bonuses forfeited, marketing mail off, pending withdrawals
// still paid; a break runs out on a controlled clock.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players, promotions } from '../../../src/server/db/schema/index.ts';
import { clockedSuite } from '../../helpers/app.ts';
import { newKey } from '../../helpers/wallet.ts';
import { type LoggedIn, logIn, register, uniqueIp } from '../accounts/helpers.ts';

const { api, clock, wallet } = clockedSuite();
const HOUR = 3_600_000;

type Player = LoggedIn & { username: string; password: string };
async function newPlayer(): Promise<Player> {
  const form = await register(api, { notify_newletter: true });
  const session = await logIn(api, form.username, form.password, uniqueIp());
  expect((await wallet.deposit({ key: newKey('dep'), playerId: session.playerId, amount: 50_00, provider: 'card' })).ok).toBe(true);
  return { ...form, ...session };
}

const login = (p: Player) => api.json('front/auth/login/', { username: p.username, password: p.password }, { ip: uniqueIp() });
const launchReal = (token: string) =>
  api.json<{ status: number; gameURL?: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true }, { token });
const sessionOf = (gameURL: string) => new URLSearchParams(gameURL.split('#')[1]).get('s') as string;
const playDice = (session: string) =>
  api.json('studio/start', { session, roundId: newKey('r').replace('-', '_'), stake: 1, choice: { target: 50, direction: 'under' } });

describe('a time-out', () => {
  it('logs the player out, refuses login with its end, and refuses money moves with a token or game from before', async () => {
    const p = await newPlayer();
    const game = sessionOf((await launchReal(p.accessToken)).body.gameURL as string);
    expect((await playDice(game)).body).toMatchObject({ status: 1 });
    const withdrawal = await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p.playerId, amount: 10_00, provider: 'bank' });
    expect(withdrawal.ok).toBe(true);

    const taken = await api.json<{ status: number; until: string; break_kind: string }>('front/take_break', { duration: '24h' }, { token: p.accessToken });
    const until = new Date(clock.now() + 24 * HOUR).toISOString();
    expect(taken.body).toEqual({ status: 1, until, break_kind: 'timeout' });

    // Login: refused with the end date, only to whoever knows the password.
    expect(await login(p)).toEqual({ status: 403, body: { status: 0, message: 'player_on_break', until, break_kind: 'timeout' } });
    expect((await api.json('front/auth/login/', { username: p.username, password: 'wrong-one' }, { ip: uniqueIp() })).body).toEqual({
      status: 0,
      message: 'failed_login',
    });
    // The access token from before: every call that moves money or changes the account is refused.
    for (const [path, body] of [
      ['front/get_game_url', { game_code: 'lucky-dice', is_real: true }],
      ['front/set_player_limit', { kind: 'deposit_day', amount: 100 }],
      ['front/take_break', { duration: '24h' }],
      ['front/cancel_withdrawal_request', { transactionId: withdrawal.ok ? withdrawal.operationId : 0 }],
      ['front/update_profile', { city: 'Hamburg' }],
    ] as const) {
      expect((await api.json(path, body, { token: p.accessToken })).status, path).toBe(401);
    }
    // The game page opened before is closed, and the wallet itself refuses stakes and deposits.
    expect((await playDice(game)).status).toBe(401);
    const bet = await wallet.bet({ key: newKey('bet'), playerId: p.playerId, amount: 100, gameId: 'g', gameName: 'G', roundId: 'r' });
    expect(bet).toMatchObject({ ok: false, code: 'player_on_break', until, breakKind: 'timeout' });
    expect(await wallet.deposit({ key: newKey('dep'), playerId: p.playerId, amount: 100, provider: 'card' })).toMatchObject({ code: 'player_on_break' });
    // A withdrawal asked for before is still paid out.
    expect((await wallet.withdrawalComplete({ key: newKey('wdc'), transactionId: withdrawal.ok ? withdrawal.operationId : 0 })).ok).toBe(true);

    // Over: the player logs in and plays again.
    clock.advance(24 * HOUR);
    expect((await login(p)).status).toBe(200);
    expect((await wallet.bet({ key: newKey('bet'), playerId: p.playerId, amount: 100, gameId: 'g', gameName: 'G', roundId: 'r' })).ok).toBe(true);
  });

  it('forfeits the open bonus and stops marketing mail', async () => {
    const p = await newPlayer();
    const [promo] = await api.ctx.database.db
      .insert(promotions)
      .values({ promoCode: newKey('PROMO'), bonusKind: 'fixed', bonusValue: 1000, wageringMultiplier: 10 })
      .returning({ id: promotions.id });
    expect((await wallet.bonusGrant({ key: newKey('grant'), playerId: p.playerId, promotionId: promo?.id as number })).ok).toBe(true);
    const [before] = await api.ctx.database.db.select({ n: players.notifyNewsletter }).from(players).where(eq(players.id, p.playerId));
    expect(before?.n).toBe(true);
    await api.json('front/take_break', { duration: '1w' }, { token: p.accessToken });
    const [after] = await api.ctx.database.db.select({ n: players.notifyNewsletter }).from(players).where(eq(players.id, p.playerId));
    expect(after?.n).toBe(false);
    const balance = await api.json<{ player: { bonus_balance: number }; bonus: unknown }>('front/get_player_balance', {}, { token: p.accessToken });
    expect(balance.body).toMatchObject({ player: { bonus_balance: 0, real_balance: 50 }, bonus: null });
  });
});

describe('self-exclusion', () => {
  it('cannot be shortened or undone before its end, and can be made longer', async () => {
    const p = await newPlayer();
    const taken = await api.json<{ until: string; break_kind: string }>('front/take_break', { duration: '6m' }, { token: p.accessToken });
    expect(taken.body.break_kind).toBe('self_exclusion');
    expect((await login(p)).body).toMatchObject({ message: 'player_on_break', break_kind: 'self_exclusion', until: taken.body.until });
    // Five months on, the player is still out; a time-out asked for meanwhile (by any token) changes nothing.
    clock.advance(150 * 24 * HOUR);
    expect((await login(p)).status).toBe(403);
    const { takeBreak } = await import('../../../src/server/protection/index.ts');
    expect(await takeBreak(api.ctx, p.playerId, '24h')).toBe('shorter_than_current');
    const longer = await takeBreak(api.ctx, p.playerId, '1y');
    expect(longer).toMatchObject({ breakKind: 'self_exclusion' });
    clock.advance(60 * 24 * HOUR);
    expect((await login(p)).status).toBe(403);
  });

  it('refuses unknown durations with the field', async () => {
    const p = await newPlayer();
    const r = await api.json<{ errors: Record<string, string> }>('front/take_break', { duration: '2d' }, { token: p.accessToken });
    expect(r.status).toBe(400);
    expect(r.body.errors.duration).toBe('invalid_break');
  });
});

describe('closing the account', () => {
  it('asks for the password, then refuses login and money in for good', async () => {
    const p = await newPlayer();
    expect((await api.json('front/close_account', { password: 'not-it' }, { token: p.accessToken })).body).toMatchObject({
      status: 0,
      message: 'wrong_password',
    });
    expect((await api.json('front/close_account', { password: p.password }, { token: p.accessToken })).body).toEqual({ status: 1 });
    expect(await login(p)).toEqual({ status: 403, body: { status: 0, message: 'account_closed' } });
    expect(await wallet.deposit({ key: newKey('dep'), playerId: p.playerId, amount: 100, provider: 'card' })).toMatchObject({ code: 'account_closed' });
    clock.advance(5 * 365 * 24 * HOUR);
    expect((await login(p)).status).toBe(403);
  });
});

describe('the monthly summary', () => {
  it('shows net deposits and results of the month', async () => {
    const p = await newPlayer();
    const key = newKey('bet');
    await wallet.bet({ key, playerId: p.playerId, amount: 700, gameId: 'g', gameName: 'G', roundId: 'r' });
    await wallet.win({ key: newKey('win'), playerId: p.playerId, betKey: key, amount: 200 });
    const { body } = await api.json<{ months: unknown[] }>('front/get_safer_gambling', {}, { token: p.accessToken });
    const month = new Date(Date.now()).toISOString().slice(0, 7);
    expect(body.months).toEqual([{ month, deposits: 50, withdrawals: 0, net_deposits: 50, staked: 7, won: 2, result: -5 }]);
  });
});
