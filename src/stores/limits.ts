// The player's safer-gambling state (limits, the monthly summary) and what they can do
// with it: set or confirm a limit, take a break, close the account. Islands call these
// verbs and read `$saferGambling`; only this module talks to the API.
import { map } from 'nanostores';
import { call, failureOf, type ParamsArgs } from '../lib/api.ts';
import type { Params, PostPath, Reply } from '../shared/contract/index.ts';
import type { Refusal } from '../shared/api.ts';
import type { BreakDuration, ConfirmLimitReply, LimitKind, SaferGamblingReply, SetLimitReply, TakeBreakReply } from '../shared/protection.ts';

export interface SaferGamblingState {
  data: SaferGamblingReply | null;
  loading: boolean;
  failed: boolean;
}

export const $saferGambling = map<SaferGamblingState>({ data: null, loading: false, failed: false });

/** What an action came to: done, or refused with a catalogue key (and the field it is about, for bad input). */
export type ActionResult<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string; status?: number };

/** A failed call as this store's result, read by the one failure reader (`failureOf`). */
function failed(error: unknown): ActionResult<never> {
  const f = failureOf(error);
  const status = f.httpStatus ? { status: f.httpStatus } : {};
  const [field, message] = Object.entries(f.errors ?? {})[0] ?? [];
  if (field && message) return { ok: false, message, field, ...status };
  return { ok: false, message: f.httpStatus === 429 ? 'too_many_attempts' : (f.message ?? 'action_failed'), ...status };
}

async function attempt<P extends PostPath, T>(path: P, params: Params<P>, take: (reply: Exclude<Reply<P>, { status: 0 }>) => T): Promise<ActionResult<T>> {
  try {
    const reply = await call(path, ...([params] as unknown as ParamsArgs<P>));
    if ((reply as { status?: unknown }).status !== 1) return { ok: false, message: (reply as Refusal).message };
    return { ok: true, value: take(reply as Exclude<Reply<P>, { status: 0 }>) };
  } catch (error) {
    return failed(error);
  }
}

/** Loads (or reloads) the limits, the cooling-off and the monthly summary. */
export async function loadSaferGambling(): Promise<void> {
  $saferGambling.set({ ...$saferGambling.get(), loading: true, failed: false });
  try {
    const data = await call('front/get_safer_gambling');
    $saferGambling.set({ data, loading: false, failed: false });
  } catch (error) {
    console.error('safer gambling: loading failed', error);
    $saferGambling.set({ ...$saferGambling.get(), loading: false, failed: true });
  }
}

function replaceLimit(limit: SetLimitReply['limit']): void {
  const data = $saferGambling.get().data;
  if (data) $saferGambling.setKey('data', { ...data, limits: data.limits.map((l) => (l.kind === limit.kind ? limit : l)) });
}

/** Asks for a limit (an amount, minutes for `session`; null removes it): lowered at once, or waiting for the cooling-off. */
export async function setLimit(kind: LimitKind, amount: string | null): Promise<ActionResult<SetLimitReply>> {
  const result = await attempt('front/set_player_limit', { kind, amount }, (r) => r);
  if (result.ok) replaceLimit(result.value.limit);
  return result;
}

/** Confirms a raise or removal whose cooling-off is over. */
export async function confirmLimit(kind: LimitKind): Promise<ActionResult<ConfirmLimitReply>> {
  const result = await attempt('front/confirm_player_limit', { kind }, (r) => r);
  if (result.ok) replaceLimit(result.value.limit);
  return result;
}

/** Starts a time-out or self-exclusion: the server ends every login at once. */
export function takeBreak(duration: BreakDuration): Promise<ActionResult<TakeBreakReply>> {
  return attempt('front/take_break', { duration }, (r) => r);
}

/** Closes the account (the password confirms it). */
export function closeAccount(password: string): Promise<ActionResult> {
  return attempt('front/close_account', { password }, () => undefined);
}

/** Chooses the minutes between reality checks over games (20–60). */
export async function setRealityCheck(minutes: number): Promise<ActionResult<number | null>> {
  const result = await attempt('front/set_reality_check', { minutes }, (r) => r.reality_check_minutes);
  const data = $saferGambling.get().data;
  if (result.ok && data) $saferGambling.setKey('data', { ...data, reality_check_minutes: result.value });
  return result;
}
