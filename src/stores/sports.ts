// The sportsbook's state and verbs: the events of the chosen sport, competition and tab
// with prices kept live by the socket (each move marked up or down for a moment), the
// betslip (kept in this tab's sessionStorage across pages and reloads), placing it, the
// player's bets and cash-out. Islands call these verbs and read these stores only.
import { atom, map } from 'nanostores';
import { call, failureOf } from '../lib/api.ts';
import { session } from '../lib/browser.ts';
import type { BalanceInfo } from '../shared/api.ts';
import { toAmount, toCents } from '../shared/money.ts';
import type { OddsPreference, Sport } from '../shared/schemas/sports.ts';
import type {
  FreeBet,
  MarketType,
  PlacedRefusal,
  SportBet,
  SportCompetition,
  SportEvent,
  SportEventsReply,
  SportMarket,
  SportSelection,
  SportsOddsPush,
} from '../shared/sports.ts';
import { $balance } from './balance.ts';

// ---------------------------------------------------------------- events and prices

export type SportsTab = 'live' | 'prematch';

export interface SportsFilter {
  sport?: Sport | undefined;
  competition?: number | undefined;
  /** One event by the feed's id (an event page): listed whether it is live or not yet. */
  external?: string | undefined;
  tab: SportsTab;
}

export interface SportsView {
  filter: SportsFilter;
  competitions: SportCompetition[];
  events: SportEvent[];
  limits: SportEventsReply['limits'] | null;
  loading: boolean;
  error: boolean;
  /** True once a list has arrived (before that, the list shows placeholders). */
  loaded: boolean;
}

export const $sports = map<SportsView>({
  filter: { tab: 'prematch' },
  competitions: [],
  events: [],
  limits: null,
  loading: false,
  error: false,
  loaded: false,
});

/** Selections whose price moved lately: id → up or down. A move is shown this long. */
export const MOVE_MS = 4000;
export const $moves = atom<Record<number, 'up' | 'down'>>({});
const moveTimers = new Map<number, ReturnType<typeof setTimeout>>();

let generation = 0;

/** The events for a sport, competition and tab; a later call wins over an earlier answer. */
export async function loadEvents(filter: SportsFilter = $sports.get().filter): Promise<void> {
  const gen = ++generation;
  $sports.set({ ...$sports.get(), filter, loading: true, error: false });
  try {
    const reply = await call(
      'front/get_sport_events',
      filter.external ? { external: filter.external, tab: 'all' } : { sport: filter.sport, competition: filter.competition, tab: filter.tab },
    );
    if (gen !== generation) return;
    if (reply.status !== 1) throw new Error('get_sport_events refused');
    $sports.set({ ...$sports.get(), competitions: reply.competitions, events: reply.events, limits: reply.limits, loading: false, loaded: true });
    syncSlipPrices();
  } catch {
    if (gen !== generation) return;
    $sports.set({ ...$sports.get(), loading: false, error: true, loaded: true });
  }
}

function markMove(id: number, move: 'up' | 'down'): void {
  $moves.set({ ...$moves.get(), [id]: move });
  clearTimeout(moveTimers.get(id));
  moveTimers.set(
    id,
    setTimeout(() => {
      moveTimers.delete(id);
      const { [id]: _, ...rest } = $moves.get();
      $moves.set(rest);
    }, MOVE_MS),
  );
}

/** Applies a `sports_update` push: new prices (with their cue), suspensions, scores and statuses. */
export function applyUpdate(push: SportsOddsPush): void {
  const prices = new Map(push.odds.map(([id, odds, suspended]) => [id, { odds, suspended }]));
  const statuses = new Map(push.events.map((e) => [e.id, e]));
  const view = $sports.get();
  let changed = false;
  const events = view.events.flatMap((event) => {
    const s = statuses.get(event.id);
    // A finished or cancelled event leaves the lists; a live one leaves the pre-match tab.
    if (s && (s.status === 'finished' || s.status === 'cancelled')) {
      changed = true;
      return [];
    }
    let next = event;
    if (s) {
      changed = true;
      next = { ...event, status: s.status, score: [s.home, s.away], elapsed: s.elapsed };
    }
    if (event.markets.some((m) => m.selections.some((sel) => prices.has(sel.id)))) {
      changed = true;
      next = {
        ...next,
        markets: next.markets.map((m) => {
          if (!m.selections.some((sel) => prices.has(sel.id))) return m;
          const selections = m.selections.map((sel) => {
            const p = prices.get(sel.id);
            if (!p) return sel;
            if (p.odds !== sel.odds) markMove(sel.id, p.odds > sel.odds ? 'up' : 'down');
            return { ...sel, odds: p.odds, suspended: p.suspended };
          });
          return { ...m, selections, suspended: selections.every((sel) => sel.suspended) };
        }),
      };
    }
    return [next];
  });
  if (changed) $sports.setKey('events', events);
  // The slip follows the same prices (its selections may be of events not listed here).
  const slip = $slip.get();
  if (slip.selections.some((s) => prices.has(s.id) || statuses.has(s.eventId))) {
    updateSlip({
      selections: slip.selections.map((s) => {
        const p = prices.get(s.id);
        const e = statuses.get(s.eventId);
        let next = s;
        if (p) next = { ...next, odds: p.odds, suspended: p.suspended };
        if (e && (e.status === 'finished' || e.status === 'cancelled')) next = { ...next, suspended: true };
        return next;
      }),
    });
  }
}

let socket: { disconnect(): void } | undefined;
let watchers = 0;
const watching = () => watchers > 0;

/** The visitor's first interaction with the page (or a scroll): the socket's client loads then, not before. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'casino:interaction'] as const;

async function connect(): Promise<void> {
  const { io } = await import('socket.io-client');
  if (!watching() || socket) return;
  // Prices are public: this socket only asks for the sports room, whoever is logged in.
  const s = io({ path: '/socket.io', transports: ['websocket'], auth: { sports: true } });
  s.on('sports_update', (push: SportsOddsPush) => applyUpdate(push));
  // Changes before the socket was in its room (or while it was away) reached nobody: fetch the list again on every connection.
  s.on('connect', () => {
    if ($sports.get().loaded) void loadEvents();
  });
  socket = s;
}

/**
 * Keeps prices live through the socket while a sports page shows them; answers the stop.
 * The list arrives fresh on load; socket.io's client (about 13 KB) loads on the visitor's
 * first interaction, which keeps the page within its JavaScript budget before any.
 */
export function watchPrices(): () => void {
  watchers++;
  let start: (() => void) | undefined;
  if (watchers === 1 && typeof window !== 'undefined') {
    start = () => {
      for (const name of INTERACTIONS) window.removeEventListener(name, start as () => void, true);
      void connect();
    };
    if ((window as { casinoInteracted?: boolean }).casinoInteracted) start();
    else for (const name of INTERACTIONS) window.addEventListener(name, start, { capture: true, passive: true, once: true });
  }
  return () => {
    watchers--;
    if (start) for (const name of INTERACTIONS) window.removeEventListener(name, start, true);
    if (watchers === 0) {
      socket?.disconnect();
      socket = undefined;
    }
  };
}

// ---------------------------------------------------------------- the betslip

export interface SlipSelection {
  id: number;
  eventId: number;
  sport: Sport;
  /** "Home – Away", or the outright's name. */
  event: string;
  home: string;
  away: string;
  market: MarketType;
  line: number;
  code: string;
  /** The price now. */
  odds: number;
  /** The price the player last agreed to (when it differs from `odds`, placing asks first). */
  agreed: number;
  suspended: boolean;
}

/** The stake key of the accumulator; singles use their selection id. */
export const ACCUMULATOR = 'acc';

export interface Slip {
  /** The slip's id, the idempotency key of its placement: the same slip placed twice takes each stake once. */
  id: string;
  selections: SlipSelection[];
  /** Stake text per bet: a selection id (single) or ACCUMULATOR. */
  stakes: Record<string, string>;
  accept: OddsPreference;
  busy: boolean;
  /** Refusal (catalogue key) per bet key, or for the slip as a whole under "". */
  messages: Record<string, string>;
  /** How many bets the last placement placed (for its confirmation). */
  placed: number;
  /** The free bet (its id) chosen to stake a bet, per bet key; one free bet stakes one bet. */
  free: Record<string, number>;
  /** Per bet key refused by the player's own limit or break: which limit and its reset, or the break's end. */
  barred?: Record<string, Pick<PlacedRefusal, 'limit' | 'until'>>;
}

const SLIP_KEY = 'sports.slip';

function newSlipId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `s${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function emptySlip(): Slip {
  return { id: newSlipId(), selections: [], stakes: {}, accept: 'none', busy: false, messages: {}, placed: 0, free: {} };
}

function storedSlip(): Slip {
  const text = session.get(SLIP_KEY);
  if (!text) return emptySlip();
  try {
    const saved = JSON.parse(text) as Partial<Slip>;
    if (typeof saved.id !== 'string' || !Array.isArray(saved.selections)) return emptySlip();
    return { ...emptySlip(), ...saved, busy: false, placed: 0 };
  } catch {
    return emptySlip();
  }
}

export const $slip = atom<Slip>(storedSlip());

function save(slip: Slip): void {
  const { busy: _b, placed: _p, ...kept } = slip;
  session.set(SLIP_KEY, slip.selections.length === 0 ? null : JSON.stringify(kept));
}

/** Changes the slip; any change to what it would place makes it a new slip (a new id). */
function updateSlip(changes: Partial<Slip>, renew = false): void {
  const next = { ...$slip.get(), ...changes, ...(renew ? { id: newSlipId() } : {}) };
  $slip.set(next);
  save(next);
}

/** After a list arrives, the slip takes its prices too. */
function syncSlipPrices(): void {
  const byId = new Map<number, SportSelection>();
  for (const e of $sports.get().events) for (const m of e.markets) for (const s of m.selections) byId.set(s.id, s);
  const slip = $slip.get();
  if (!slip.selections.some((s) => byId.has(s.id))) return;
  updateSlip({
    selections: slip.selections.map((s) => {
      const now = byId.get(s.id);
      return now ? { ...s, odds: now.odds, suspended: now.suspended } : s;
    }),
  });
}

export function inSlip(selectionId: number): boolean {
  return $slip.get().selections.some((s) => s.id === selectionId);
}

/** Puts a price in the slip (at most 20); a second pick of the same price takes it out again. */
export function addSelection(event: SportEvent, market: SportMarket, selection: SportSelection): void {
  const slip = $slip.get();
  if (inSlip(selection.id)) {
    removeSelection(selection.id);
    return;
  }
  if (slip.selections.length >= 20) {
    updateSlip({ messages: { '': 'sports_too_many_selections' } });
    return;
  }
  const added: SlipSelection = {
    id: selection.id,
    eventId: event.id,
    sport: event.sport,
    event: event.away ? `${event.home} – ${event.away}` : event.home,
    home: event.home,
    away: event.away,
    market: market.type,
    line: market.line,
    code: selection.code,
    odds: selection.odds,
    agreed: selection.odds,
    suspended: selection.suspended || market.suspended,
  };
  updateSlip({ selections: [...slip.selections, added], messages: {}, placed: 0 }, true);
}

export function removeSelection(selectionId: number): void {
  const slip = $slip.get();
  const { [String(selectionId)]: _, ...stakes } = slip.stakes;
  updateSlip({ selections: slip.selections.filter((s) => s.id !== selectionId), stakes, messages: {} }, true);
}

export function clearSlip(): void {
  updateSlip({ selections: [], stakes: {}, messages: {} }, true);
}

/** The stake text of a bet (a selection id, or ACCUMULATOR), as typed. */
export function setStake(key: string | number, text: string): void {
  const slip = $slip.get();
  const { [String(key)]: _, ...messages } = slip.messages;
  updateSlip({ stakes: { ...slip.stakes, [String(key)]: text }, messages }, true);
}

export function setAccept(accept: OddsPreference): void {
  updateSlip({ accept });
}

/** A typed stake in cents ("5", "5.5", "5,50"), or undefined. */
export function stakeCents(text: string | undefined): number | undefined {
  const t = (text ?? '').trim().replace(',', '.');
  if (t === '') return undefined;
  return toCents(t);
}

/** Combined decimal odds of legs, as the server rounds them (hundredths). */
export function combined(odds: readonly number[]): number {
  let v = 1;
  for (const o of odds) v *= Math.round(o * 100) / 100;
  return Math.round(v * 100) / 100;
}

/** What a stake returns at these odds if it wins, rounded down to the cent as the server does. */
export function potentialReturn(stakeCentsValue: number, odds: readonly number[]): number {
  let num = BigInt(stakeCentsValue);
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(Math.round(o * 100));
    den *= 100n;
  }
  return toAmount(Number(num / den));
}

export interface SlipBet {
  key: string;
  selections: SlipSelection[];
  /** Cents. */
  stake: number;
  /** The free bet staking it (its amount is the stake). */
  freeBet?: number;
}

/** The free bet chosen for a bet key, while the player still has it. */
export function freeBetOf(slip: Slip, key: string): FreeBet | undefined {
  const id = slip.free?.[key];
  return id === undefined ? undefined : $freeBets.get().find((f) => f.id === id);
}

/** Chooses a free bet to stake a bet (a selection id, or ACCUMULATOR), or none; a free bet chosen elsewhere in the slip moves here. */
export function chooseFreeBet(key: string | number, freeBetId: number | null): void {
  const slip = $slip.get();
  const free = Object.fromEntries(Object.entries(slip.free ?? {}).filter(([k, id]) => k !== String(key) && id !== freeBetId));
  if (freeBetId !== null) free[String(key)] = freeBetId;
  const { [String(key)]: _, ...messages } = slip.messages;
  updateSlip({ free, messages }, true);
}

/** Whether the slip's selections can make an accumulator: two or more, each of another event. */
export function accumulatorProblem(selections: readonly SlipSelection[]): string | undefined {
  if (selections.length < 2) return 'too_few';
  if (new Set(selections.map((s) => s.eventId)).size !== selections.length) return 'sports_same_event';
  return undefined;
}

/** The bets the slip would place: each single with a stake, and the accumulator with one. */
export function slipBets(slip: Slip): SlipBet[] {
  const bets: SlipBet[] = [];
  // A bet staked by a free bet stakes the free bet's amount, whatever was typed.
  const staked = (key: string): Pick<SlipBet, 'stake' | 'freeBet'> | undefined => {
    const free = freeBetOf(slip, key);
    if (free) return { stake: toCents(free.amount) ?? 0, freeBet: free.id };
    const stake = stakeCents(slip.stakes[key]);
    return stake ? { stake } : undefined;
  };
  for (const s of slip.selections) {
    const stake = staked(String(s.id));
    if (stake) bets.push({ key: String(s.id), selections: [s], ...stake });
  }
  const acc = staked(ACCUMULATOR);
  if (acc && !accumulatorProblem(slip.selections)) bets.push({ key: ACCUMULATOR, selections: slip.selections, ...acc });
  return bets;
}

/** Selections whose price moved since the player agreed to it. */
export function changedSelections(slip: Slip): SlipSelection[] {
  return slip.selections.filter((s) => s.odds !== s.agreed);
}

/**
 * Places the slip's bets. A moved price is placed only when the slip's preference takes it
 * or `acceptOdds` says the player agreed to the new prices; otherwise the slip asks first
 * (`sports_odds_changed`). Placed bets leave the slip; refused ones stay with their message.
 * Answers how many bets were placed.
 */
export async function placeSlip(acceptOdds = false): Promise<number> {
  let slip = $slip.get();
  if (slip.busy) return 0;
  if (acceptOdds) {
    updateSlip({ selections: slip.selections.map((s) => ({ ...s, agreed: s.odds })), messages: {} });
    slip = $slip.get();
  }
  const bets = slipBets(slip);
  if (bets.length === 0) {
    updateSlip({ messages: { '': 'sports_no_stake' } });
    return 0;
  }
  const moved = changedSelections(slip).filter((s) => bets.some((b) => b.selections.includes(s)));
  const takes = (s: SlipSelection) => slip.accept === 'any' || (slip.accept === 'higher' && s.odds > s.agreed);
  if (moved.some((s) => !takes(s))) {
    updateSlip({ messages: { '': 'sports_odds_changed' } });
    return 0;
  }
  updateSlip({ busy: true, messages: {}, placed: 0 });
  try {
    const reply = await call('front/place_sport_bets', {
      slip_id: slip.id,
      accept: slip.accept,
      bets: bets.map((b) => ({
        selections: b.selections.map((s) => ({ id: s.id, odds: s.agreed })),
        stake: toAmount(b.stake),
        ...(b.freeBet !== undefined ? { free_bet: b.freeBet } : {}),
      })),
    });
    if (reply.player) $balance.set(reply.player as BalanceInfo);
    const placedKeys = new Set<string>();
    const messages: Record<string, string> = {};
    const barred: NonNullable<Slip['barred']> = {};
    const prices = new Map<number, number>();
    reply.bets.forEach((result, i) => {
      const key = (bets[i] as SlipBet).key;
      if (result.status === 1) placedKeys.add(key);
      else {
        messages[key] = result.message;
        if (result.limit || result.until) barred[key] = { ...(result.limit ? { limit: result.limit } : {}), ...(result.until ? { until: result.until } : {}) };
        for (const [id, odds] of Object.entries(result.prices ?? {})) prices.set(Number(id), odds);
      }
    });
    const now = $slip.get();
    // Selections still in a refused bet stay; the rest (all their bets placed) leave the slip.
    const kept = now.selections.filter((s) => {
      const own = bets.filter((b) => b.selections.some((x) => x.id === s.id));
      const refusedHere = own.some((b) => !placedKeys.has(b.key));
      const unstaked = own.length === 0;
      return refusedHere || (unstaked && placedKeys.size === 0);
    });
    const keptIds = new Set(kept.map((s) => String(s.id)));
    const stakes = Object.fromEntries(
      Object.entries(now.stakes).filter(([k]) => !placedKeys.has(k) && (k === ACCUMULATOR ? kept.length > 1 && !placedKeys.has(ACCUMULATOR) : keptIds.has(k))),
    );
    const free = Object.fromEntries(
      Object.entries(now.free ?? {}).filter(([k]) => !placedKeys.has(k) && (k === ACCUMULATOR ? kept.length > 1 : keptIds.has(k))),
    );
    const selections = kept.map((s) => (prices.has(s.id) ? { ...s, odds: prices.get(s.id) as number } : s));
    // Anything placed makes what is left a new slip; a slip refused whole may be sent again under its id.
    updateSlip({ selections, stakes, free, busy: false, messages, barred, placed: placedKeys.size }, placedKeys.size > 0);
    if (placedKeys.size > 0 && $myBets.get().loaded) void loadMyBets();
    // A free bet spent (or found spent) leaves the player's list.
    if (bets.some((b) => b.freeBet !== undefined)) void loadFreeBets();
    return placedKeys.size;
  } catch (error) {
    // The answer was lost or refused whole: the slip stays as it is, under the same id, so
    // placing it again cannot take a stake twice.
    updateSlip({ busy: false, messages: { '': failureOf(error).message ?? 'action_failed' } });
    return 0;
  }
}

// ---------------------------------------------------------------- free bets

/** The player's free bets (SPORTS20) that may stake a bet now; empty for a guest. */
export const $freeBets = atom<FreeBet[]>([]);

/** Asks for the player's free bets (after login, and after a placement that spent one); a guest has none. */
export async function loadFreeBets(loggedIn = true): Promise<void> {
  if (!loggedIn) {
    $freeBets.set([]);
    return;
  }
  try {
    const reply = await call('front/get_free_bets', {});
    $freeBets.set(reply.status === 1 ? reply.free_bets : []);
  } catch {
    // Without the list the slip simply offers no free bet; placing with one still checks on the server.
    $freeBets.set([]);
  }
}

// ---------------------------------------------------------------- my bets and cash-out

export type MyBetsState = 'open' | 'settled';

export interface MyBets {
  state: MyBetsState;
  bets: SportBet[];
  loading: boolean;
  error: boolean;
  loaded: boolean;
  /** Refusal of the last cash-out per bet id. */
  messages: Record<number, string>;
  /** Bets being cashed out now. */
  cashing: number[];
  /** The last cash-out done: what was paid, in the bet's currency (said to the player). */
  cashedOut?: { id: number; amount: number; currency: string } | undefined;
}

export const $myBets = map<MyBets>({ state: 'open', bets: [], loading: false, error: false, loaded: false, messages: {}, cashing: [] });

let betsGeneration = 0;

/** The player's open or settled bets, newest first. */
export async function loadMyBets(state: MyBetsState = $myBets.get().state): Promise<void> {
  const gen = ++betsGeneration;
  $myBets.set({
    ...$myBets.get(),
    state,
    loading: true,
    error: false,
    ...(state !== $myBets.get().state ? { bets: [], messages: {}, cashedOut: undefined } : {}),
  });
  try {
    const reply = await call('front/get_sport_bets', { state });
    if (gen !== betsGeneration) return;
    $myBets.set({ ...$myBets.get(), bets: reply.bets, loading: false, loaded: true });
  } catch {
    if (gen !== betsGeneration) return;
    $myBets.set({ ...$myBets.get(), loading: false, error: true, loaded: true });
  }
}

/**
 * Cashes out an open single at the value the player confirmed; a value changed in between is
 * refused by the server and shown instead, with the refusal. Done, `cashedOut` says what was paid.
 */
export async function cashOut(betId: number): Promise<boolean> {
  const bet = $myBets.get().bets.find((b) => b.id === betId);
  if (!bet || bet.cash_out === null || $myBets.get().cashing.includes(betId)) return false;
  const { [betId]: _, ...messages } = $myBets.get().messages;
  $myBets.set({ ...$myBets.get(), messages, cashing: [...$myBets.get().cashing, betId], cashedOut: undefined });
  const done = (changes: Partial<MyBets>) => $myBets.set({ ...$myBets.get(), ...changes, cashing: $myBets.get().cashing.filter((id) => id !== betId) });
  try {
    const reply = await call('front/cash_out_sport_bet', {
      bet_id: betId,
      amount: bet.cash_out,
    });
    if (reply.status === 1) {
      if (reply.player) $balance.set(reply.player);
      done({
        bets: $myBets.get().bets.filter((b) => b.id !== betId || $myBets.get().state !== 'open'),
        cashedOut: { id: betId, amount: reply.amount ?? bet.cash_out, currency: bet.currency },
      });
      void loadMyBets();
      return true;
    }
    const value = reply.cash_out;
    done({
      bets: $myBets.get().bets.map((b) => (b.id === betId ? { ...b, cash_out: value ?? null } : b)),
      messages: { ...$myBets.get().messages, [betId]: reply.message ?? 'sports_cash_out_unavailable' },
    });
    return false;
  } catch (error) {
    done({ messages: { ...$myBets.get().messages, [betId]: failureOf(error).message ?? 'action_failed' } });
    return false;
  }
}
