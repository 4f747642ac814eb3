// Player limits on the wallet's money moves (PGlite and PostgreSQL): each limit refused
// at one cent over, inside the same transaction as the move; concurrent bets that cannot
// together pass a loss limit; the cooling-off of a raise on a controlled clock.
import { describe, expect, it } from 'vitest';
import { markLoginStart } from '../../../src/server/protection/index.ts';
import { clockedSuite } from '../../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../../helpers/wallet.ts';

const { api, clock, wallet } = clockedSuite();
const HOUR = 3_600_000;

async function player(realCents = 0): Promise<{ id: number; token: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  if (realCents > 0) expect((await wallet.deposit({ key: newKey('dep'), playerId: id, amount: realCents, provider: 'card' })).ok).toBe(true);
  return { id, token: await tokenFor(api.ctx, id) };
}

async function setLimit(token: string, kind: string, amount: number | string | null) {
  return api.json<{ status: number; outcome?: string; limit?: { amount: number | null; pending: unknown } }>(
    'front/set_player_limit',
    { kind, amount },
    { token },
  );
}

const bet = (playerId: number, amount: number) => wallet.bet({ key: newKey('bet'), playerId, amount, gameId: 'g', gameName: 'Game', roundId: newKey('round') });
const nextMidnight = () => {
  const d = new Date(clock.now());
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
};

describe('deposit limits', () => {
  it('takes deposits up to the daily limit and refuses one cent over, naming the limit and its reset', async () => {
    const p = await player();
    expect((await setLimit(p.token, 'deposit_day', 20)).body).toMatchObject({ status: 1, outcome: 'lowered', limit: { amount: 20, pending: null } });
    expect((await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 1500, provider: 'card' })).ok).toBe(true);
    const over = await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 501, provider: 'card' });
    expect(over).toMatchObject({ ok: false, code: 'limit_reached', limit: { kind: 'deposit_day', limit: 2000, resetsAt: nextMidnight() } });
    expect(over.balance?.real).toBe(1500);
    expect((await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 500, provider: 'card' })).ok).toBe(true);
    // The next day counts from zero again.
    const tomorrow = new Date(nextMidnight());
    clock.set(tomorrow.getTime() + 1000);
    // Deposits made "today" by the database clock still count for a longer period that goes on
    // tomorrow: the week, unless tomorrow is a Monday (then the month, unless it is the 1st).
    const goesOn = tomorrow.getUTCDay() !== 1 ? 'deposit_week' : tomorrow.getUTCDate() !== 1 ? 'deposit_month' : undefined;
    expect((await setLimit(p.token, goesOn ?? 'deposit_week', 30)).body.status).toBe(1);
    const tomorrowOver = await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 1001, provider: 'card' });
    if (goesOn) {
      expect(tomorrowOver).toMatchObject({ code: 'limit_reached' });
      expect((await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 1000, provider: 'card' })).ok).toBe(true);
    } else {
      // A new week and a new month at once: yesterday's deposits count for neither.
      expect(tomorrowOver.ok).toBe(true);
    }
  });

  it('answers a repeat of a refused deposit with the same refusal', async () => {
    const p = await player();
    await setLimit(p.token, 'deposit_month', 10);
    const key = newKey('dep');
    const first = await wallet.deposit({ key, playerId: p.id, amount: 1001, provider: 'card' });
    const again = await wallet.deposit({ key, playerId: p.id, amount: 1001, provider: 'card' });
    expect(again).toMatchObject({ ok: false, code: 'limit_reached', replayed: true, limit: first.ok ? undefined : first.limit });
  });
});

describe('wager and loss limits', () => {
  it('refuses the stake that would take the day over a wager limit by one cent', async () => {
    const p = await player(10_000);
    await setLimit(p.token, 'wager_day', '10.00');
    expect((await bet(p.id, 600)).ok).toBe(true);
    expect(await bet(p.id, 401)).toMatchObject({ ok: false, code: 'limit_reached', limit: { kind: 'wager_day', limit: 1000 } });
    expect((await bet(p.id, 400)).ok).toBe(true);
  });

  it('counts net loss: a win makes room, a rolled-back stake does not count', async () => {
    const p = await player(10_000);
    await setLimit(p.token, 'loss_week', 10);
    const first = newKey('bet');
    expect((await wallet.bet({ key: first, playerId: p.id, amount: 1000, gameId: 'g', gameName: 'G', roundId: 'r1' })).ok).toBe(true);
    expect(await bet(p.id, 1)).toMatchObject({ code: 'limit_reached', limit: { kind: 'loss_week' } });
    // The round wins 3.00 back: the week's loss is 7.00, so 3.00 more may be staked.
    expect((await wallet.win({ key: newKey('win'), playerId: p.id, betKey: first, amount: 300 })).ok).toBe(true);
    expect(await bet(p.id, 301)).toMatchObject({ code: 'limit_reached' });
    const second = newKey('bet');
    expect((await wallet.bet({ key: second, playerId: p.id, amount: 300, gameId: 'g', gameName: 'G', roundId: 'r2' })).ok).toBe(true);
    expect((await wallet.rollback({ key: newKey('rb'), playerId: p.id, betKey: second })).ok).toBe(true);
    expect((await bet(p.id, 300)).ok).toBe(true);
    // Wins are always paid, whatever the limits.
    expect((await wallet.win({ key: newKey('win'), playerId: p.id, betKey: second, amount: 0 })).ok).toBe(false);
  });

  it('lets concurrent bets together reach a loss limit but never pass it', async () => {
    const p = await player(100_000);
    await setLimit(p.token, 'loss_day', 10);
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => bet(p.id, 100)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    expect(outcomes.filter((o) => !o.ok).every((o) => o.code === 'limit_reached')).toBe(true);
  });

  it('stops stakes once the login has lasted the session limit, until the next login', async () => {
    const p = await player(10_000);
    await markLoginStart(api.ctx.database.db, p.id, clock.now());
    expect((await setLimit(p.token, 'session', 30)).body.status).toBe(1);
    clock.advance(30 * 60_000 - 1000);
    expect((await bet(p.id, 100)).ok).toBe(true);
    clock.advance(1000);
    expect(await bet(p.id, 100)).toMatchObject({ ok: false, code: 'limit_reached', limit: { kind: 'session', limit: 30, resetsAt: null } });
    await markLoginStart(api.ctx.database.db, p.id, clock.now());
    expect((await bet(p.id, 100)).ok).toBe(true);
  });

  it('refuses a studio round over a limit with the limit and its reset in the reply', async () => {
    const p = await player(10_000);
    await setLimit(p.token, 'wager_day', 1);
    const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true }, { token: p.token });
    const session = new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
    const start = (stake: number) =>
      api.json('studio/start', { session, roundId: newKey('r').replace('-', '_'), stake, choice: { target: 50, direction: 'under' } });
    const refused = await start(2);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: 0,
      message: 'limit_reached',
      balance: 100,
      limit: { kind: 'wager_day', amount: 1, currency: 'EUR', resets_at: nextMidnight() },
    });
  });
});

describe('changing a limit', () => {
  it('raises only after the cooling-off and the player confirming, the lower limit in force meanwhile', async () => {
    const p = await player();
    await setLimit(p.token, 'deposit_day', 20);
    const raised = await setLimit(p.token, 'deposit_day', 50);
    const confirmableFrom = new Date(clock.now() + 24 * HOUR).toISOString();
    expect(raised.body).toMatchObject({
      status: 1,
      outcome: 'waiting',
      limit: { amount: 20, pending: { amount: 50, remove: false, confirmable_from: confirmableFrom } },
    });
    expect(await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 2001, provider: 'card' })).toMatchObject({ code: 'limit_reached' });
    // Asking again does not restart the wait.
    clock.advance(HOUR);
    expect((await setLimit(p.token, 'deposit_day', 50)).body).toMatchObject({
      outcome: 'unchanged',
      limit: { pending: { confirmable_from: confirmableFrom } },
    });
    clock.advance(22 * HOUR);
    expect((await api.json('front/confirm_player_limit', { kind: 'deposit_day' }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'limit_cooling_off',
    });
    clock.advance(HOUR);
    // Over: still the old limit until the player confirms.
    expect(await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 2001, provider: 'card' })).toMatchObject({ code: 'limit_reached' });
    const confirmed = await api.json('front/confirm_player_limit', { kind: 'deposit_day' }, { token: p.token });
    expect(confirmed.body).toMatchObject({ status: 1, limit: { kind: 'deposit_day', amount: 50, pending: null } });
    expect((await wallet.deposit({ key: newKey('dep'), playerId: p.id, amount: 2001, provider: 'card' })).ok).toBe(true);
  });

  it('removes a limit only after the cooling-off, and a lower one cancels a waiting raise', async () => {
    const p = await player();
    await setLimit(p.token, 'loss_month', 100);
    expect((await setLimit(p.token, 'loss_month', null)).body).toMatchObject({ outcome: 'waiting', limit: { amount: 100, pending: { remove: true } } });
    expect((await setLimit(p.token, 'loss_month', 80)).body).toMatchObject({ outcome: 'lowered', limit: { amount: 80, pending: null } });
    await setLimit(p.token, 'loss_month', null);
    clock.advance(24 * HOUR);
    expect((await api.json('front/confirm_player_limit', { kind: 'loss_month' }, { token: p.token })).body).toMatchObject({
      status: 1,
      limit: { amount: null },
    });
    expect((await api.json('front/confirm_player_limit', { kind: 'loss_month' }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'limit_nothing_pending',
    });
  });

  it('lists every limit with the cooling-off and refuses bad input with the field', async () => {
    const p = await player();
    await setLimit(p.token, 'wager_week', 12.5);
    const { body } = await api.json<{ limits: { kind: string; amount: number | null }[]; cooling_off_hours: number }>(
      'front/get_safer_gambling',
      {},
      { token: p.token },
    );
    expect(body.cooling_off_hours).toBe(24);
    expect(body.limits).toHaveLength(10);
    expect(body.limits.find((l) => l.kind === 'wager_week')?.amount).toBe(12.5);
    for (const [params, field, message] of [
      [{ kind: 'deposit_year', amount: 10 }, 'kind', 'invalid_limit_kind'],
      [{ kind: 'deposit_day', amount: 0 }, 'amount', 'invalid_limit_amount'],
      [{ kind: 'deposit_day', amount: '1.234' }, 'amount', 'invalid_limit_amount'],
      [{ kind: 'session', amount: 2 }, 'amount', 'invalid_session_limit'],
    ] as const) {
      const r = await api.json<{ errors: Record<string, string> }>('front/set_player_limit', params, { token: p.token });
      expect(r.status).toBe(400);
      expect(r.body.errors[field]).toBe(message);
    }
    expect((await api.json('front/set_player_limit', { kind: 'deposit_day', amount: 5 })).status).toBe(401);
  });
});
