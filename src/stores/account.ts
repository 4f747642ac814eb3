// The player's account calls: sign-up and its checks, activation and the registration
// bonus, the profile, the password and the forgotten-credential requests. Actions that
// change something answer an Outcome (lib/api.ts): the reply, or why not.
import { attempt, call, type Outcome } from '../lib/api.ts';
import type { Params, Reply } from '../shared/contract/index.ts';
import type { ActivateAccountReply } from '../shared/wallet.ts';
import { $visitor } from './visitor.ts';

/** Why `username` cannot be taken (`username_duplicated`, `username_mixed_scripts`), or undefined. */
export async function checkUsername(username: string): Promise<string | undefined> {
  if (username.trim() === '') return undefined;
  try {
    const reply = await call('front/validate_player_name', { username });
    // The server says why (taken, or a confusing mix of scripts); a bare 0 means taken.
    if (reply.status !== 0) return undefined;
    return reply.message === 'username_mixed_scripts' ? reply.message : 'username_duplicated';
  } catch (error) {
    // A failed check is only logged (SPEC §8); the server decides at registration.
    console.error('username check failed', error);
    return undefined;
  }
}

/**
 * Why a promo code is refused (`invalid_promo_code`, or `promotion_not_in_currency` for a
 * player whose currency it is not offered in), or undefined when it is good. A failed
 * check counts as invalid (contract §16.1).
 */
export async function checkPromoCode(code: string): Promise<string | undefined> {
  const trimmed = code.trim();
  if (trimmed === '') return undefined;
  try {
    const reply = await call('front/validate_promo_code', { promo_code: trimmed });
    if (reply.status !== 0) return undefined;
    return reply.message === 'promotion_not_in_currency' ? reply.message : 'invalid_promo_code';
  } catch {
    return 'invalid_promo_code';
  }
}

/** Opens an account; the visitor's address goes with the form. */
export function register(form: Omit<Params<'front/register_player'>, 'ip_address'>): Promise<Outcome<unknown>> {
  return attempt('front/register_player', { ...form, ip_address: $visitor.get().ip });
}

/** Follows the emailed activation link; the reply carries the registration bonus when a promo code promised one. */
export function activateAccount(token: string): Promise<Outcome<ActivateAccountReply>> {
  return attempt('front/activate_account', { token });
}

/** The registration bonus of the player's promo code (`bonus` null when they registered without one). */
export function loadRegistrationBonus(): Promise<Reply<'front/get_registration_bonus'>> {
  return call('front/get_registration_bonus');
}

export function loadProfile(): Promise<Reply<'front/get_player_profile'>> {
  return call('front/get_player_profile');
}

export function updateProfile(changes: Params<'front/update_profile'>): Promise<Outcome<unknown>> {
  return attempt('front/update_profile', changes);
}

export function changePassword(form: Params<'front/update_player_password'>): Promise<Outcome<unknown>> {
  return attempt('front/update_player_password', form);
}

/** Mails a reset link (`password`) or the username (`username`) when the details match an account. */
export function requestRecovery(kind: 'password' | 'username', form: Params<'front/send_player_username'>): Promise<Outcome<unknown>> {
  // The password form has the username beside the email; the schema of each call reads what it needs.
  return kind === 'password'
    ? attempt('front/reset_player_password', form as Params<'front/reset_player_password'>)
    : attempt('front/send_player_username', form);
}

/** Sets a new password with the emailed reset link's token. */
export function confirmPasswordReset(form: Params<'front/confirm_password_reset'>): Promise<Outcome<unknown>> {
  return attempt('front/confirm_password_reset', form);
}
