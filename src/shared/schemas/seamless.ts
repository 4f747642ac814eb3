// The seamless-wallet API's requests, as an outside game provider sends them (docs/games.md,
// "Seamless wallet for game providers"). Amounts are whole minor units of the player's
// currency; ids are the provider's own, kept to characters every log and terminal shows.
import { z } from './common.ts';

/** A provider's id of a transaction, round or game: 1–100 letters, digits and `._:-`. */
const id = z
  .string({ error: 'field_required' })
  .min(1, 'field_required')
  .max(100, 'invalid_value')
  .regex(/^[\w.:-]+$/, 'invalid_value');

/** The launch token of the game session (what get_game_url handed the provider). */
const session = z
  .string({ error: 'field_required' })
  .min(1, 'field_required')
  .max(200, 'invalid_value')
  .regex(/^[\w-]+$/, 'invalid_value');

/** ISO 4217, upper case. */
const currency = z.string({ error: 'field_required' }).regex(/^[A-Z]{3}$/, 'invalid_currency');

/** Minor units: a whole number, at most 10^12 (ten billion in a two-decimal currency). */
const minor = (min: number) => z.number({ error: 'invalid_amount' }).int('invalid_amount').min(min, 'invalid_amount').max(1_000_000_000_000, 'invalid_amount');

export const seamlessBalanceParams = z.object({ session, currency: currency.optional() });

export const seamlessBetParams = z.object({
  session,
  transaction_id: id,
  round_id: id,
  game_id: id,
  amount: minor(1),
  currency,
});

export const seamlessWinParams = z.object({
  session,
  transaction_id: id,
  round_id: id,
  game_id: id,
  /** 0 closes a lost round. */
  amount: minor(0),
  currency,
  /** The bet this win pays; without it, the round's first bet. */
  bet_transaction_id: id.optional(),
});

export const seamlessRollbackParams = z.object({
  session,
  transaction_id: id,
  game_id: id,
  /** The bet to cancel (it may not have reached us yet). */
  bet_transaction_id: id,
  currency,
});
