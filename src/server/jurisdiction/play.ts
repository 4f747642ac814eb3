// Who may start a game under the jurisdiction profiles: real money needs a verified
// identity where the player's market says so; free play needs an account where the
// visitor's market (by address, as the visitor gate sees it) takes guest play away.
import type { LiveLogin } from '../auth/sessions.ts';
import type { ServerContext } from '../context.ts';
import { countryOf } from '../geo/ip-country.ts';
import { isVerified } from '../identity/service.ts';
import { profileForCountry, profileForPlayer } from './index.ts';

/** The catalogue key refusing this launch, or undefined. */
export async function launchRefusal(
  ctx: ServerContext,
  playerId: number | undefined,
  real: boolean,
  ip: string,
): Promise<'verification_required' | 'free_play_unavailable' | undefined> {
  if (real && playerId !== undefined) return realPlayRefusal(ctx, playerId);
  if (playerId === undefined && !(await profileForCountry(ctx, countryOf(ip))).guest_free_play) return 'free_play_unavailable';
  return undefined;
}

/**
 * `verification_required` when the player's market wants identity before real-money play
 * and theirs is not verified. `login`: the live login's read, which already holds the
 * player's country (saves reading it again).
 */
export async function realPlayRefusal(ctx: ServerContext, playerId: number, login?: LiveLogin): Promise<'verification_required' | undefined> {
  const profile = login ? await profileForCountry(ctx, login.country) : await profileForPlayer(ctx, playerId);
  if (!profile.verification_before_play) return undefined;
  return (await isVerified(ctx.database.db, playerId)) ? undefined : 'verification_required';
}
