// The sportsbook store with a stubbed fetch: the event list and its live prices, the
// betslip (stakes, accumulator, persistence in the tab, placement, moved odds, partial
// refusals, a lost answer) and My bets with cash-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SportEvent, SportEventsReply } from '../../src/shared/sports.ts';

type Handler = (path: string, body: Record<string, unknown>) => unknown;

const stored = new Map<string, string>();
let handler: Handler;
const sent: { path: string; body: Record<string, unknown> }[] = [];

function event(id: number, status: SportEvent['status'] = 'scheduled'): SportEvent {
  return {
    id,
    external: `sim:1:football:${id}`,
    sport: 'football',
    competition_id: 1,
    kind: 'match',
    home: `Home ${id}`,
    away: `Away ${id}`,
    starts_at: '2026-11-25T18:00:00Z',
    status,
    score: [0, 0],
    elapsed: 0,
    markets: [
      {
        id: id * 10,
        type: 'match_result',
        line: 0,
        suspended: false,
        selections: [
          { id: id * 100 + 1, code: '1', odds: 2.1, suspended: false },
          { id: id * 100 + 2, code: 'X', odds: 3.3, suspended: false },
          { id: id * 100 + 3, code: '2', odds: 3.5, suspended: false },
        ],
      },
    ],
  };
}

const eventsReply: SportEventsReply = {
  status: 1,
  competitions: [{ id: 1, sport: 'football', region: 'GB', name: 'Eagle Premier League', top: true }],
  events: [event(1), event(2)],
  limits: { min_stake: 0.1, max_stake: 1000, max_payout: 50000 },
};

const balance = { currency: 'EUR', total_balance: 90, real_balance: 90, bonus_balance: 0, locked_balance: 0 };

function bet(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'single',
    stake: 10,
    odds: 2.1,
    potential_return: 21,
    state: 'open',
    paid: 0,
    currency: 'EUR',
    created_at: '2026-11-25T12:00:00.000Z',
    cash_out: 9.5,
    legs: [],
    ...extra,
  };
}

async function load() {
  vi.resetModules();
  return import('../../src/stores/sports.ts');
}

beforeEach(() => {
  stored.clear();
  sent.length = 0;
  handler = () => eventsReply;
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  });
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\//, '');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    sent.push({ path, body });
    const answer = handler(path, body);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sports store: events and live prices', () => {
  it('loads the events of a filter and drops an answer that came after a newer one', async () => {
    const s = await load();
    let release: (() => void) | undefined;
    handler = (_path, body) => {
      if (body.tab === 'live') return new Promise((r) => (release = () => r({ ...eventsReply, events: [event(9, 'live')] })));
      return eventsReply;
    };
    const slow = s.loadEvents({ tab: 'live' });
    await s.loadEvents({ tab: 'prematch', sport: 'football' });
    release?.();
    await slow;
    expect(s.$sports.get().events.map((e) => e.id)).toEqual([1, 2]);
    expect(s.$sports.get().filter).toEqual({ tab: 'prematch', sport: 'football' });
    expect(sent.at(-1)?.body).toMatchObject({ sport: 'football', tab: 'prematch' });
    expect(s.$sports.get().limits?.min_stake).toBe(0.1);
  });

  it('shows an error state when the list cannot be loaded', async () => {
    const s = await load();
    handler = () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    await s.loadEvents({ tab: 'prematch' });
    expect(s.$sports.get()).toMatchObject({ loading: false, error: true, loaded: true });
  });

  it('applies pushed prices with an up or down cue that fades, suspends, and drops finished events', async () => {
    vi.useFakeTimers();
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    s.applyUpdate({
      odds: [
        [101, 2.3, false],
        [102, 3.1, true],
      ],
      events: [{ id: 2, status: 'finished', home: 1, away: 0, elapsed: 90 }],
    });
    const [first] = s.$sports.get().events;
    expect(s.$sports.get().events).toHaveLength(1);
    expect(first?.markets[0]?.selections.map((x) => [x.odds, x.suspended])).toEqual([
      [2.3, false],
      [3.1, true],
      [3.5, false],
    ]);
    expect(s.$moves.get()).toEqual({ 101: 'up', 102: 'down' });
    vi.advanceTimersByTime(s.MOVE_MS + 1);
    expect(s.$moves.get()).toEqual({});
  });
});

describe('sports store: the betslip', () => {
  it('adds and removes selections, keeps the slip in the tab across a reload, and renews its id on every change', async () => {
    let s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1, e2] = s.$sports.get().events as [SportEvent, SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    const firstId = s.$slip.get().id;
    s.addSelection(e2, e2.markets[0]!, e2.markets[0]!.selections[2]!);
    expect(s.$slip.get().id).not.toBe(firstId);
    s.setStake(101, '5,50');
    expect(s.$slip.get().selections.map((x) => [x.id, x.event, x.code])).toEqual([
      [101, 'Home 1 – Away 1', '1'],
      [203, 'Home 2 – Away 2', '2'],
    ]);
    const id = s.$slip.get().id;
    // A reload of the tab brings the same slip back, with the same id.
    s = await load();
    expect(s.$slip.get()).toMatchObject({ id, stakes: { '101': '5,50' } });
    expect(s.$slip.get().selections).toHaveLength(2);
    // Picking a price in the slip again takes it out.
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    expect(s.$slip.get().selections.map((x) => x.id)).toEqual([203]);
    s.clearSlip();
    expect(stored.has('sports.slip')).toBe(false);
  });

  it('builds singles and an accumulator from the stakes, refusing an accumulator of one event', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1, e2] = s.$sports.get().events as [SportEvent, SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.addSelection(e2, e2.markets[0]!, e2.markets[0]!.selections[0]!);
    s.setStake(101, '2');
    s.setStake(s.ACCUMULATOR, '3.5');
    const bets = s.slipBets(s.$slip.get());
    expect(bets.map((b) => [b.key, b.stake, b.selections.map((x) => x.id)])).toEqual([
      ['101', 200, [101]],
      ['acc', 350, [101, 201]],
    ]);
    expect(s.combined([2.1, 2.1])).toBe(4.41);
    expect(s.potentialReturn(350, [2.1, 2.1])).toBe(15.43);
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[1]!);
    expect(s.accumulatorProblem(s.$slip.get().selections)).toBe('sports_same_event');
    expect(s.slipBets(s.$slip.get()).map((b) => b.key)).toEqual(['101']);
    expect(s.stakeCents('abc')).toBeUndefined();
    expect(s.stakeCents('1.234')).toBeUndefined();
  });

  it('places the slip under its id with the agreed prices, empties it, and takes the new balance', async () => {
    const s = await load();
    const { $balance } = await import('../../src/stores/balance.ts');
    await s.loadEvents({ tab: 'prematch' });
    const [e1, e2] = s.$sports.get().events as [SportEvent, SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.addSelection(e2, e2.markets[0]!, e2.markets[0]!.selections[0]!);
    s.setStake(s.ACCUMULATOR, '10');
    const slipId = s.$slip.get().id;
    handler = () => ({ status: 1, bets: [{ status: 1, bet: bet(7, { kind: 'accumulator' }) }], player: balance });
    expect(await s.placeSlip()).toBe(1);
    expect(sent.at(-1)).toEqual({
      path: 'front/place_sport_bets',
      body: {
        slip_id: slipId,
        accept: 'none',
        bets: [
          {
            selections: [
              { id: 101, odds: 2.1 },
              { id: 201, odds: 2.1 },
            ],
            stake: 10,
          },
        ],
      },
    });
    expect(s.$slip.get()).toMatchObject({ selections: [], stakes: {}, placed: 1, busy: false });
    expect(s.$slip.get().id).not.toBe(slipId);
    expect($balance.get()?.total_balance).toBe(90);
  });

  it('stakes a bet with a free bet: its amount whatever was typed, one bet at a time, and the list asked again after', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1, e2] = s.$sports.get().events as [SportEvent, SportEvent];
    const free = { id: 55, amount: 20, currency: 'EUR', min_odds: 1.5, expires_at: null };
    handler = (path) => (path === 'front/get_free_bets' ? { status: 1, free_bets: [free] } : eventsReply);
    await s.loadFreeBets();
    expect(s.$freeBets.get()).toEqual([free]);
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.addSelection(e2, e2.markets[0]!, e2.markets[0]!.selections[0]!);
    s.setStake(s.ACCUMULATOR, '3');
    s.setStake(101, '5');
    s.chooseFreeBet(101, 55);
    s.chooseFreeBet(s.ACCUMULATOR, 55);
    // The free bet moved to the accumulator; the single keeps its typed stake.
    expect(s.slipBets(s.$slip.get()).map((b) => [b.key, b.stake, b.freeBet])).toEqual([
      ['101', 500, undefined],
      [s.ACCUMULATOR, 2000, 55],
    ]);
    handler = (path) =>
      path === 'front/get_free_bets'
        ? { status: 1, free_bets: [] }
        : {
            status: 1,
            bets: [
              { status: 1, bet: bet(8) },
              { status: 1, bet: bet(9, { kind: 'accumulator', free_bet: true }) },
            ],
            player: balance,
          };
    expect(await s.placeSlip()).toBe(2);
    const placed = sent.find((x) => x.path === 'front/place_sport_bets');
    expect(((placed?.body.bets ?? []) as { stake: number; free_bet?: number }[]).map((b) => [b.stake, b.free_bet])).toEqual([
      [5, undefined],
      [20, 55],
    ]);
    await vi.waitFor(() => expect(s.$freeBets.get()).toEqual([]));
    expect(s.$slip.get().free).toEqual({});
  });

  it('keeps the limit that refused a stake, for the slip to name it', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1] = s.$sports.get().events as [SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.setStake(101, '10.01');
    const limit = { kind: 'wager_day' as const, amount: 10, currency: 'EUR', resets_at: '2026-11-26T00:00:00.000Z' };
    handler = () => ({ status: 1, bets: [{ status: 0, message: 'limit_reached', limit }], player: balance });
    expect(await s.placeSlip()).toBe(0);
    expect(s.$slip.get()).toMatchObject({ messages: { '101': 'limit_reached' }, barred: { '101': { limit } } });
  });

  it('asks before placing a moved price, and places it at the new price once accepted', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1] = s.$sports.get().events as [SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.setStake(101, '4');
    s.applyUpdate({ odds: [[101, 1.9, false]], events: [] });
    expect(s.changedSelections(s.$slip.get()).map((x) => [x.id, x.agreed, x.odds])).toEqual([[101, 2.1, 1.9]]);
    const before = sent.length;
    expect(await s.placeSlip()).toBe(0);
    expect(sent.length).toBe(before);
    expect(s.$slip.get().messages).toEqual({ '': 'sports_odds_changed' });
    handler = () => ({ status: 1, bets: [{ status: 1, bet: bet(8) }], player: balance });
    expect(await s.placeSlip(true)).toBe(1);
    expect(sent.at(-1)?.body.bets).toEqual([{ selections: [{ id: 101, odds: 1.9 }], stake: 4 }]);
  });

  it('takes a higher price without asking when the slip says so', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1] = s.$sports.get().events as [SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.setStake(101, '4');
    s.setAccept('higher');
    s.applyUpdate({ odds: [[101, 2.5, false]], events: [] });
    handler = () => ({ status: 1, bets: [{ status: 1, bet: bet(8) }], player: balance });
    expect(await s.placeSlip()).toBe(1);
    expect(sent.at(-1)?.body).toMatchObject({ accept: 'higher', bets: [{ selections: [{ id: 101, odds: 2.1 }] }] });
  });

  it('keeps a refused bet in the slip with its message and the server price, under a new id when another bet was placed', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1, e2] = s.$sports.get().events as [SportEvent, SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.addSelection(e2, e2.markets[0]!, e2.markets[0]!.selections[0]!);
    s.setStake(101, '1');
    s.setStake(201, '1');
    const slipId = s.$slip.get().id;
    handler = () => ({
      status: 1,
      bets: [
        { status: 1, bet: bet(9) },
        { status: 0, message: 'sports_odds_changed', prices: { '201': 1.8 } },
      ],
      player: balance,
    });
    expect(await s.placeSlip()).toBe(1);
    const slip = s.$slip.get();
    expect(slip.selections.map((x) => [x.id, x.odds, x.agreed])).toEqual([[201, 1.8, 2.1]]);
    expect(slip.messages).toEqual({ '201': 'sports_odds_changed' });
    expect(slip.stakes).toEqual({ '201': '1' });
    expect(slip.id).not.toBe(slipId);
  });

  it('keeps the slip and its id after a lost answer, so sending it again is the same placement', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1] = s.$sports.get().events as [SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    s.setStake(101, '1');
    const slipId = s.$slip.get().id;
    handler = () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } });
    expect(await s.placeSlip()).toBe(0);
    expect(s.$slip.get()).toMatchObject({ id: slipId, busy: false, messages: { '': 'action_failed' } });
    handler = () => ({ status: 1, bets: [{ status: 1, bet: bet(10) }], player: balance });
    await s.placeSlip();
    expect(sent.at(-1)?.body.slip_id).toBe(slipId);
  });

  it('says so when no bet has a stake, and passes a refusal of the whole slip through', async () => {
    const s = await load();
    await s.loadEvents({ tab: 'prematch' });
    const [e1] = s.$sports.get().events as [SportEvent];
    s.addSelection(e1, e1.markets[0]!, e1.markets[0]!.selections[0]!);
    expect(await s.placeSlip()).toBe(0);
    expect(s.$slip.get().messages).toEqual({ '': 'sports_no_stake' });
    s.setStake(101, '1');
    handler = () => new Response(JSON.stringify({ status: 0, message: 'account_suspended' }), { status: 403, headers: { 'content-type': 'application/json' } });
    await s.placeSlip();
    expect(s.$slip.get().messages).toEqual({ '': 'account_suspended' });
  });
});

describe('sports store: my bets and cash-out', () => {
  it('loads open bets and cashes one out at the value shown, then says what was paid', async () => {
    const s = await load();
    handler = () => ({ status: 1, bets: [bet(1), bet(2, { cash_out: null })] });
    await s.loadMyBets('open');
    expect(s.$myBets.get().bets.map((b) => b.id)).toEqual([1, 2]);
    handler = (path) => (path === 'front/cash_out_sport_bet' ? { status: 1, amount: 9.5, player: balance } : { status: 1, bets: [bet(2, { cash_out: null })] });
    expect(await s.cashOut(1)).toBe(true);
    expect(sent.find((x) => x.path === 'front/cash_out_sport_bet')?.body).toEqual({ bet_id: 1, amount: 9.5 });
    expect(s.$myBets.get().cashedOut).toEqual({ id: 1, amount: 9.5, currency: bet(1).currency });
    await vi.waitFor(() => expect(s.$myBets.get().bets.map((b) => b.id)).toEqual([2]));
    expect(await s.cashOut(2)).toBe(false);
  });

  it('shows the new cash-out value with the refusal, and says nothing was paid', async () => {
    const s = await load();
    handler = () => ({ status: 1, bets: [bet(1)] });
    await s.loadMyBets('open');
    handler = () => ({ status: 0, message: 'sports_cash_out_changed', cash_out: 8.2 });
    expect(await s.cashOut(1)).toBe(false);
    expect(s.$myBets.get()).toMatchObject({ messages: { 1: 'sports_cash_out_changed' }, cashing: [] });
    expect(s.$myBets.get().bets[0]?.cash_out).toBe(8.2);
    expect(s.$myBets.get().cashedOut).toBeUndefined();
  });

  it('shows an error state when the bets cannot be loaded', async () => {
    const s = await load();
    handler = () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    await s.loadMyBets('settled');
    expect(s.$myBets.get()).toMatchObject({ state: 'settled', error: true, loading: false });
  });
});
