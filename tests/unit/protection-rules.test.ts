// The pure rules of player protection: periods, the boundary of each limit, the
// cooling-off of a raise, and how long breaks last.
import { describe, expect, it } from 'vitest';
import { breakEnd, breakKindOf, checkMove, confirmLimit, NO_LIMIT, periodEnd, periodStart, requestLimit } from '../../src/server/protection/rules.ts';

const at = (s: string) => Date.parse(s);
const HOUR = 3_600_000;

describe('periods', () => {
  it('are UTC calendar days, weeks from Monday, and months', () => {
    const wed = at('2026-11-25T13:30:00Z');
    expect(new Date(periodStart('day', wed)).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(new Date(periodEnd('day', wed)).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(new Date(periodStart('week', wed)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(periodEnd('week', wed)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(periodStart('week', at('2026-11-29T23:59:59Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(periodStart('month', wed)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(periodEnd('month', at('2026-12-31T23:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('checkMove', () => {
  const now = at('2026-11-25T13:30:00Z');
  it('passes exactly at a limit and refuses one cent over, naming the limit and its reset', () => {
    const limits = [{ kind: 'deposit_day' as const, amount: 2000 }];
    expect(checkMove({ kind: 'deposit', amount: 500 }, limits, { deposit_day: 1500 }, now, null)).toBeUndefined();
    expect(checkMove({ kind: 'deposit', amount: 501 }, limits, { deposit_day: 1500 }, now, null)).toEqual({
      kind: 'deposit_day',
      limit: 2000,
      resetsAt: '2026-11-26T00:00:00.000Z',
    });
    // A deposit limit does not stop a stake.
    expect(checkMove({ kind: 'bet', amount: 5000 }, limits, { deposit_day: 2000 }, now, null)).toBeUndefined();
  });

  it('counts net loss for loss limits and stakes for wager limits', () => {
    const loss = [{ kind: 'loss_week' as const, amount: 1000 }];
    expect(checkMove({ kind: 'bet', amount: 1000 }, loss, { loss_week: 0 }, now, null)).toBeUndefined();
    expect(checkMove({ kind: 'bet', amount: 1001 }, loss, { loss_week: 0 }, now, null)?.kind).toBe('loss_week');
    // Winnings give room: a net win of 5.00 allows 15.00 of stakes.
    expect(checkMove({ kind: 'bet', amount: 1500 }, loss, { loss_week: -500 }, now, null)).toBeUndefined();
    const wager = [{ kind: 'wager_month' as const, amount: 1000 }];
    expect(checkMove({ kind: 'bet', amount: 1 }, wager, { wager_month: 1000 }, now, null)).toMatchObject({
      kind: 'wager_month',
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('names the limit that lasts longest when several are broken', () => {
    const limits = [
      { kind: 'loss_day' as const, amount: 100 },
      { kind: 'loss_month' as const, amount: 100 },
      { kind: 'loss_week' as const, amount: 100 },
    ];
    expect(checkMove({ kind: 'bet', amount: 200 }, limits, {}, now, null)?.kind).toBe('loss_month');
  });

  it('stops stakes once the login has lasted the session limit', () => {
    const limits = [{ kind: 'session' as const, amount: 30 }];
    expect(checkMove({ kind: 'bet', amount: 1 }, limits, {}, now, now - 30 * 60_000 + 1)).toBeUndefined();
    expect(checkMove({ kind: 'bet', amount: 1 }, limits, {}, now, now - 30 * 60_000)).toEqual({ kind: 'session', limit: 30, resetsAt: null });
  });
});

describe('requesting and confirming a limit', () => {
  const now = at('2026-11-25T13:30:00Z');
  const cool = 24 * HOUR;
  it('takes a first limit and a lower one at once', () => {
    const first = requestLimit(NO_LIMIT, 2000, now, cool);
    expect(first).toEqual({ amount: 2000, pendingAmount: null, pendingRemove: false, pendingFrom: null });
    expect(requestLimit(first, 1000, now, cool).amount).toBe(1000);
  });

  it('holds a raise or a removal for the cooling-off, then until the player confirms', () => {
    const raised = requestLimit({ ...NO_LIMIT, amount: 2000 }, 5000, now, cool);
    expect(raised).toEqual({ amount: 2000, pendingAmount: 5000, pendingRemove: false, pendingFrom: now + cool });
    expect(confirmLimit(raised, now + cool - 1)).toBe('too_early');
    expect(confirmLimit(raised, now + cool)).toEqual({ ...NO_LIMIT, amount: 5000 });
    const removed = requestLimit({ ...NO_LIMIT, amount: 2000 }, null, now, cool);
    expect(removed.pendingRemove).toBe(true);
    expect(confirmLimit(removed, now + cool)).toEqual(NO_LIMIT);
    expect(confirmLimit(NO_LIMIT, now)).toBe('nothing_pending');
  });

  it('drops a waiting raise when the player lowers the limit instead', () => {
    const raised = requestLimit({ ...NO_LIMIT, amount: 2000 }, 5000, now, cool);
    expect(requestLimit(raised, 1500, now, cool)).toEqual({ ...NO_LIMIT, amount: 1500 });
  });
});

describe('breaks', () => {
  it('last their chosen time, and six months or more is a self-exclusion', () => {
    const now = at('2026-11-25T13:30:00Z');
    expect(breakEnd('24h', now) - now).toBe(24 * HOUR);
    expect(new Date(breakEnd('1m', now)).toISOString()).toBe('2026-12-25T13:30:00.000Z');
    expect(breakEnd('6w', now) - now).toBe(42 * 24 * HOUR);
    expect(new Date(breakEnd('5y', now)).toISOString()).toBe('2031-11-25T13:30:00.000Z');
    expect(breakKindOf('6w')).toBe('timeout');
    expect(breakKindOf('6m')).toBe('self_exclusion');
  });
});
