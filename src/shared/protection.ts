// Player protection as islands and server both see it: the limits a player may set, the
// breaks they may take, and the replies of the safer-gambling calls. Amounts in replies
// are two-decimal numbers of the player's currency; session limits are minutes.

import { formatDate } from '../lib/format.ts';

export const LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
  'session',
] as const;

/** deposit/loss/wager per day, week or month (money), and session time (minutes). */
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Time-outs (up to six weeks) and self-exclusions (six months and longer). */
export const BREAK_DURATIONS = { timeout: ['24h', '1w', '1m', '6w'], self_exclusion: ['6m', '1y', '5y'] } as const;
export type BreakDuration = (typeof BREAK_DURATIONS)[keyof typeof BREAK_DURATIONS][number];
export const ALL_BREAK_DURATIONS: readonly BreakDuration[] = [...BREAK_DURATIONS.timeout, ...BREAK_DURATIONS.self_exclusion];

/** Reality checks: every N minutes of play, the player's choice. */
export const REALITY_CHECK_MINUTES = { min: 20, max: 60 } as const;

/**
 * Why a money move was refused by a limit: which one, its amount (cents, or minutes for
 * `session`), and when it counts from zero again (ISO; null for a session limit, which
 * lifts at the next login).
 */
export interface LimitRefusal {
  kind: LimitKind;
  limit: number;
  resetsAt: string | null;
}

/** The refusal's `limit` as a reply carries it: the amount as a two-decimal number (minutes for `session`). */
export interface LimitRefusalInfo {
  kind: LimitKind;
  amount: number;
  currency: string;
  resets_at: string | null;
}

/**
 * A refusal by a limit or a break in words, one rule for the games, the cashier and the
 * sportsbook: "Refused by your limit – Daily deposit limit: €20.00. It resets on …", or the
 * end of the break. `t` reads the `protection` catalogue (`session_minutes` with its count).
 */
export function protectionSentence(
  r: { limit?: LimitRefusalInfo; until?: string },
  t: (key: string, ...args: (string | number)[]) => string,
  lang: string,
): string | undefined {
  const when = (iso: string) => formatDate(iso, true);
  const { limit, until } = r;
  if (limit) {
    const name = t(`kind_${limit.kind}`);
    if (limit.kind === 'session') return t('limit_reached_session', name, t('session_minutes', limit.amount));
    const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: limit.currency }).format(limit.amount);
    return t('limit_reached', name, amount, limit.resets_at ? when(limit.resets_at) : '');
  }
  return until ? t('player_on_break', when(until)) : undefined;
}

/** A reality check as the game page shows it: how long this login has played and its net result. */
export interface RealityCheckInfo {
  due: boolean;
  every_minutes: number;
  session_minutes: number;
  session_started_at: string;
  next_at: string;
  /** Won less staked since the login began, two decimals of `currency` (negative: a loss). */
  net: number;
  currency: string;
}

/** A refusal of a money move or a login by player protection. */
export interface ProtectionRefusal {
  status: 0;
  message: 'limit_reached' | 'player_on_break' | 'account_closed' | 'reality_check_due';
  /** With `reality_check_due`: the check to answer before the next round. */
  reality?: RealityCheckInfo;
  limit?: LimitRefusalInfo;
  /** The end of the break (ISO) for `player_on_break`. */
  until?: string;
  break_kind?: 'timeout' | 'self_exclusion';
}

export interface LimitRow {
  kind: LimitKind;
  /** In force; null: none. */
  amount: number | null;
  /** A raise or removal waiting: `amount` null with `remove` true is a removal. */
  pending: { amount: number | null; remove: boolean; confirmable_from: string } | null;
}

export interface MonthRow {
  /** YYYY-MM (UTC). */
  month: string;
  deposits: number;
  withdrawals: number;
  net_deposits: number;
  staked: number;
  won: number;
  /** Won less staked: negative is a loss. */
  result: number;
}

export interface SaferGamblingReply {
  status: 1;
  currency: string;
  cooling_off_hours: number;
  limits: LimitRow[];
  reality_check_minutes: number | null;
  months: MonthRow[];
}

export interface SetLimitReply {
  status: 1;
  limit: LimitRow;
  /** `lowered`: in force now; `waiting`: a raise or removal after the cooling-off; `unchanged`. */
  outcome: 'lowered' | 'waiting' | 'unchanged';
}

export interface ConfirmLimitReply {
  status: 1;
  limit: LimitRow;
}

export interface TakeBreakReply {
  status: 1;
  until: string;
  break_kind: 'timeout' | 'self_exclusion';
}
