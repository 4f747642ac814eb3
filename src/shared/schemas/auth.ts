// Login and credential recovery: the forms of the login, forgot-password and
// forgot-username modals, and the calls behind the links we email.
import { text, z } from './common.ts';
import { email, FIELD_LIMITS, PASSWORD_MIN_LENGTH } from './player.ts';

// Any username may be tried: an unknown one must fail exactly like a wrong password,
// so only the length is checked here, not the characters a new username may use.
const anyUsername = text({ max: 100, trim: true, tooLong: 'username_too_long' }).min(1, 'field_required');

/** `POST front/auth/login/`: SPEC §5, username required, password at least 3. */
export const loginParams = z
  .object({
    username: anyUsername,
    password: text({ max: FIELD_LIMITS.password, tooLong: 'password_too_long' }).min(1, 'field_required').min(PASSWORD_MIN_LENGTH, 'password_validation'),
    // The browser's own idea of its address; the server uses the connection's.
    ip_address: z.unknown().optional(),
  })
  .loose();

/**
 * `front/reset_player_password`. `title` and `text` of older clients are dropped: the
 * mail is written by the server, so nobody can send their own words through it.
 */
export const resetPasswordParams = z.object({ username: anyUsername, email });

/** `front/send_player_username`; `title` and `text` are dropped as above. */
export const sendUsernameParams = z.object({ email });

/** `front/activate_account`: the token from the activation link. */
export const activateAccountParams = z.object({ token: text({ max: 200, trim: true, tooLong: 'invalid_activation_token' }).min(1, 'field_required') });

/** `front/get_registration_bonus`: the player is the token's; nothing else is read. */
export const registrationBonusParams = z.object({}).loose();
