// How refusals by player protection are said in replies: the code, the limit with its
// amount in the player's currency and when it resets, or the end of the break.
import { toAmount } from '../../shared/money.ts';
import type { LimitRefusalInfo, ProtectionRefusal } from '../../shared/protection.ts';
import type { ProtectionDetail } from '../wallet/types.ts';
import type { LoginBar } from './breaks.ts';
import type { LimitRefusal } from './rules.ts';

/** A limit refusal as replies carry it: money as a two-decimal amount of `currency`, session limits in minutes. */
export function limitInfo(limit: LimitRefusal, currency: string): LimitRefusalInfo {
  return { kind: limit.kind, amount: limit.kind === 'session' ? limit.limit : toAmount(limit.limit), currency, resets_at: limit.resetsAt };
}

/**
 * The reply of a refusal by player protection, from a wallet refusal (`limit_reached`,
 * `player_on_break`, `account_closed`) or a barred login.
 */
export function protectionRefusal(r: (ProtectionDetail & { code: string }) | LoginBar, currency = ''): ProtectionRefusal {
  const code = 'reason' in r ? r.reason : r.code;
  const out: ProtectionRefusal = { status: 0, message: code as ProtectionRefusal['message'] };
  if ('limit' in r && r.limit) out.limit = limitInfo(r.limit, currency);
  if ('until' in r && r.until) out.until = r.until;
  if ('breakKind' in r && r.breakKind) out.break_kind = r.breakKind;
  return out;
}
