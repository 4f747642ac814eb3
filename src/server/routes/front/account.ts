// The player's account: sign-up and activation, the profile, the password, and the
// forgotten-credential calls. Handlers validate, call src/server/auth, shape the reply.
import { Hono } from 'hono';
import { activateAccountParams, resetPasswordParams, sendUsernameParams } from '../../../shared/schemas/auth.ts';
import {
  changePasswordParams,
  confirmPasswordResetParams,
  registerPlayerParams,
  updateProfileParams,
  validatePromoCodeParams,
} from '../../../shared/schemas/player.ts';
import { requirePlayer } from '../../auth/middleware.ts';
import { changePassword, playerProfile, updateProfile } from '../../auth/profile.ts';
import { isPromoCodeUsable } from '../../auth/promo.ts';
import { LIMITS } from '../../auth/rate-limit.ts';
import { confirmPasswordReset, requestPasswordReset, requestUsernameReminder } from '../../auth/recovery.ts';
import { activateAccount, registerPlayer } from '../../auth/registration.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, HttpError, parseBody, refusal } from '../../http.ts';
import { tooManyAttempts } from './auth.ts';

/** Schemas that depend on the configured minimum password length, built once per value. */
function byPasswordLength<S>(make: (min: number) => S): (min: number) => S {
  const made = new Map<number, S>();
  return (min) => {
    let schema = made.get(min);
    if (!schema) {
      schema = make(min);
      made.set(min, schema);
    }
    return schema;
  };
}

const registerSchema = byPasswordLength(registerPlayerParams);
const changePasswordSchema = byPasswordLength(changePasswordParams);
const confirmResetSchema = byPasswordLength(confirmPasswordResetParams);

export function accountRoutes(ctx: ServerContext) {
  const { database, settings } = ctx;
  const db = database.db;
  const minLength = async () => (await settings.get()).passwordMinLength;

  return (
    new Hono<AppEnv>()
      .post('/register_player', async (c) => {
        const form = await parseBody(c, registerSchema(await minLength()));
        const result = await registerPlayer(ctx, form, c.get('clientIp'));
        if (result.ok) return c.json({ status: 1 });
        switch (result.message) {
          case 'too_many_attempts':
            return tooManyAttempts(c, LIMITS.registerPerIp.windowSeconds);
          case 'username_duplicated':
            return c.json(refusal('username_duplicated', { username: 'username_duplicated' }));
          case 'invalid_promo_code':
            return c.json(refusal('invalid_promo_code', { promo_code: 'invalid_promo_code' }));
          default:
            return c.json(refusal(result.message));
        }
      })
      .post('/activate_account', async (c) => {
        const { token } = await parseBody(c, activateAccountParams);
        return c.json((await activateAccount(ctx, token)) ? { status: 1 } : refusal('invalid_activation_token'));
      })
      .post('/validate_promo_code', async (c) => {
        const { promo_code } = await parseBody(c, validatePromoCodeParams);
        // An empty code is a valid answer to "do you have a promo code?".
        const code = promo_code?.trim() ?? '';
        return c.json({ status: code === '' || (await isPromoCodeUsable(db, code)) ? 1 : 0 });
      })
      .post('/get_player_profile', requirePlayer(ctx), async (c) => {
        const player = await playerProfile(db, c.get('player').playerId);
        if (!player) throw new HttpError(401, 'unauthorized');
        return c.json({ status: 1, player });
      })
      .post('/update_profile', requirePlayer(ctx), async (c) => {
        const changes = await parseBody(c, updateProfileParams);
        const { playerId } = c.get('player');
        if (!(await updateProfile(db, playerId, changes))) throw new HttpError(401, 'unauthorized');
        return c.json({ status: 1, player: await playerProfile(db, playerId) });
      })
      .post('/update_player_password', requirePlayer(ctx), async (c) => {
        const passwords = await parseBody(c, changePasswordSchema(await minLength()));
        const { playerId, sessionId } = c.get('player');
        const outcome = await changePassword(ctx, playerId, passwords, sessionId);
        if (outcome === 'too_many_attempts') return tooManyAttempts(c, LIMITS.passwordChangePerPlayer.windowSeconds);
        return c.json(outcome === 'changed' ? { status: 1 } : refusal('wrong_old_password'));
      })
      // SPEC §4 lets the old client tell "sent" from "wrong username or email" (result 2).
      // We answer status 1 for every well-formed request instead ("if the details match
      // an account, an email is on its way"): SPEC §7 also says nobody may learn from a
      // reply or its timing whether a username or email exists, and that wins. Status 0
      // comes only with 400 (malformed) or 429 (too many requests).
      .post('/reset_player_password', async (c) => {
        const request = await parseBody(c, resetPasswordParams);
        const outcome = await requestPasswordReset(ctx, request, c.get('clientIp'));
        return outcome === 'limited' ? tooManyAttempts(c, LIMITS.resetPerIp.windowSeconds) : c.json({ status: 1 });
      })
      .post('/confirm_password_reset', async (c) => {
        const { token, password } = await parseBody(c, confirmResetSchema(await minLength()));
        return c.json((await confirmPasswordReset(ctx, token, password)) ? { status: 1 } : refusal('invalid_reset_token'));
      })
      .post('/send_player_username', async (c) => {
        const { email } = await parseBody(c, sendUsernameParams);
        const outcome = await requestUsernameReminder(ctx, email, c.get('clientIp'));
        return outcome === 'limited' ? tooManyAttempts(c, LIMITS.usernamePerIp.windowSeconds) : c.json({ status: 1 });
      })
  );
}
