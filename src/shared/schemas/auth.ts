// Login and credential recovery: the forms of the login, forgot-password and
// forgot-username modals, and the calls behind the links we email.
import { z } from './common.ts';
import { email, FIELD_LIMITS, PASSWORD_MIN_LENGTH, withoutNul } from './player.ts';

// Any username may be tried: an unknown one must fail exactly like a wrong password,
// so only the length is checked here, not the characters a new username may use.
const anyUsername = z.string().trim().min(1, 'field_required').max(100, 'username_too_long').refine(withoutNul, 'invalid_value');

/** `POST front/auth/login/`: SPEC §5, username required, password at least 3. */
export const loginParams = z
  .object({
    username: anyUsername,
    password: z.string().min(1, 'field_required').min(PASSWORD_MIN_LENGTH, 'password_validation').max(FIELD_LIMITS.password, 'password_too_long'),
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
export const activateAccountParams = z.object({ token: z.string().trim().min(1, 'field_required').max(200, 'invalid_activation_token') });
