// The seamless-wallet API outside game providers call, server to server, each request
// signed with the provider's key (docs/games.md, "Seamless wallet for game providers"). Not a call
// of our browser: listed here so its params and replies are held to one definition.
import type { Ok, Refusal } from '../api.ts';
import { seamlessBalanceParams, seamlessBetParams, seamlessRollbackParams, seamlessWinParams } from '../schemas/seamless.ts';
import { post, reply } from './define.ts';

/** The player's playable money (real + bonus) in minor units of `currency`. */
export interface SeamlessBalance {
  balance: number;
  currency: string;
}

export type SeamlessBalanceReply = Ok & SeamlessBalance;

/** A bet, win or rollback applied (or the first answer to it, repeated): our transaction id and the balance after it. */
export type SeamlessMoneyReply = Ok & SeamlessBalance & { transaction_id: string };

/**
 * A refusal: `message` is a stable code (insufficient_funds, conflict, bet_rolled_back,
 * unknown_bet, round_settled, currency_mismatch, limit_reached, player_on_break,
 * account_closed, session_expired …), with the balance as it stands when the wallet read it,
 * and what a protection refusal names (a limit in minor units, the end of a break).
 */
export type SeamlessRefusal = Refusal & {
  balance?: number;
  currency?: string;
  limit?: { kind: string; amount: number; currency: string; resets_at: string | null };
  until?: string;
};

export const seamless = {
  'providers/v1/balance': post(seamlessBalanceParams, reply<SeamlessBalanceReply | SeamlessRefusal>()),
  'providers/v1/bet': post(seamlessBetParams, reply<SeamlessMoneyReply | SeamlessRefusal>()),
  'providers/v1/win': post(seamlessWinParams, reply<SeamlessMoneyReply | SeamlessRefusal>()),
  'providers/v1/rollback': post(seamlessRollbackParams, reply<SeamlessMoneyReply | SeamlessRefusal>()),
};
