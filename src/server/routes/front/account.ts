// The player's account: sign-up and activation, the profile, the password, and the
// forgotten-credential calls. Handlers validate, call src/server/auth, shape the reply.
import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { activateAccountParams, registrationBonusParams, resetPasswordParams, sendUsernameParams } from '../../../shared/schemas/auth.ts';
import {
  changePasswordParams,
  confirmPasswordResetParams,
  registerPlayerParams,
  updateProfileParams,
  validatePromoCodeParams,
} from '../../../shared/schemas/player.ts';
import { optionalPlayer, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { changePassword, playerProfile, updateProfile } from '../../auth/profile.ts';
import { isPromoCodeUsable } from '../../auth/promo.ts';
import { LIMITS } from '../../auth/rate-limit.ts';
import { confirmPasswordReset, requestPasswordReset, requestUsernameReminder } from '../../auth/recovery.ts';
import { activateAccount, registerPlayer } from '../../auth/registration.ts';
import { registrationBonus } from '../../auth/registration-bonus.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, HttpError, parseBody, refusal, tooManyAttempts } from '../../http.ts';
import { profileForCountry, profileForPlayer } from '../../jurisdiction/index.ts';
import { passwordRefusal } from '../../jurisdiction/passwords.ts';
import { walletCurrency } from '../../wallet/index.ts';
import { peekAccountToken } from '../../auth/account-tokens.ts';

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
        // The market's password rule: the country the player registers in.
        const weak = passwordRefusal(await profileForCountry(ctx, form.country), form.password);
        if (weak) throw new HttpError(400, 'validation_failed', { password: weak });
        const result = await registerPlayer(ctx, form, c.get('clientIp'));
        if (result.ok) return c.json({ status: 1 } satisfies Reply<'front/register_player'>);
        switch (result.message) {
          case 'too_many_attempts':
            return tooManyAttempts(c, LIMITS.registerPerIp.windowSeconds);
          case 'username_duplicated':
            return c.json(refusal('username_duplicated', { username: 'username_duplicated' }));
          // Like a name with characters it may not have: bad input, 400 with the field's key.
          case 'username_mixed_scripts':
            return c.json(refusal('username_mixed_scripts', { username: 'username_mixed_scripts' }), 400);
          case 'invalid_promo_code':
            return c.json(refusal('invalid_promo_code', { promo_code: 'invalid_promo_code' }));
          // The code exists, but not for the currency this account's wallet would be in.
          case 'promotion_not_in_currency':
            return c.json(refusal('promotion_not_in_currency', { promo_code: 'promotion_not_in_currency' }));
          default:
            return c.json(refusal(result.message));
        }
      })
      .post('/activate_account', async (c) => {
        const { token } = await parseBody(c, activateAccountParams);
        const playerId = await activateAccount(ctx, token);
        if (playerId === undefined) return c.json(refusal('invalid_activation_token'));
        // The account is activated whatever happens to the bonus; a grant that fails is made the next time it is looked at.
        const bonus = await registrationBonus(ctx, playerId).catch((error: unknown) => {
          ctx.logger.error({ err: error, playerId }, 'registration bonus failed');
          return null;
        });
        return c.json({ status: 1, ...(bonus ? { bonus } : {}) } satisfies Reply<'front/activate_account'>);
      })
      .post('/get_registration_bonus', requirePlayer(ctx), async (c) => {
        await parseBody(c, registrationBonusParams);
        return c.json({ status: 1, bonus: await registrationBonus(ctx, c.get('player').playerId) } satisfies Reply<'front/get_registration_bonus'>);
      })
      .post('/validate_promo_code', optionalPlayer(ctx), async (c) => {
        const { promo_code } = await parseBody(c, validatePromoCodeParams);
        // An empty code is a valid answer to "do you have a promo code?".
        const code = promo_code?.trim() ?? '';
        if (code === '') return c.json({ status: 1 });
        // A player's code must also have its amounts in the player's currency.
        const player = c.get('player');
        const currency = player ? await walletCurrency(db, player.playerId) : undefined;
        const usable = await isPromoCodeUsable(db, code, currency);
        if (usable === 'elsewhere') return c.json(refusal('promotion_not_in_currency'));
        return c.json({ status: usable ? 1 : 0 });
      })
      .post('/get_player_profile', requirePlayer(ctx), async (c) => {
        const player = await playerProfile(db, c.get('player').playerId);
        if (!player) throw new HttpError(401, 'unauthorized');
        return c.json({ status: 1, player } satisfies Reply<'front/get_player_profile'>);
      })
      .post('/update_profile', requireLivePlayer(ctx), async (c) => {
        const changes = await parseBody(c, updateProfileParams);
        const { playerId } = c.get('player');
        const outcome = await updateProfile(db, playerId, changes);
        if (outcome === 'no_player') throw new HttpError(401, 'unauthorized');
        if (outcome === 'country_by_support') throw new HttpError(400, 'validation_failed', { country: 'country_change_by_support' });
        return c.json({ status: 1, player: await playerProfile(db, playerId) } satisfies Reply<'front/update_profile'>);
      })
      .post('/update_player_password', requireLivePlayer(ctx), async (c) => {
        const passwords = await parseBody(c, changePasswordSchema(await minLength()));
        const { playerId, sessionId } = c.get('player');
        const weak = passwordRefusal(await profileForPlayer(ctx, playerId), passwords.newPassword);
        if (weak) throw new HttpError(400, 'validation_failed', { newPassword: weak });
        const outcome = await changePassword(ctx, playerId, passwords, sessionId);
        if (outcome === 'too_many_attempts') return tooManyAttempts(c, LIMITS.passwordChangePerPlayer.windowSeconds);
        return c.json((outcome === 'changed' ? { status: 1 } : refusal('wrong_old_password')) satisfies Reply<'front/update_player_password'>);
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
        const owner = await peekAccountToken(db, token, 'reset');
        const weak = owner === undefined ? undefined : passwordRefusal(await profileForPlayer(ctx, owner), password);
        if (weak) throw new HttpError(400, 'validation_failed', { password: weak });
        return c.json((await confirmPasswordReset(ctx, token, password)) ? { status: 1 } : refusal('invalid_reset_token'));
      })
      .post('/send_player_username', async (c) => {
        const { email } = await parseBody(c, sendUsernameParams);
        const outcome = await requestUsernameReminder(ctx, email, c.get('clientIp'));
        return outcome === 'limited' ? tooManyAttempts(c, LIMITS.usernamePerIp.windowSeconds) : c.json({ status: 1 });
      })
  );
}
