// Second factors: the account's Security tab (authenticator app, recovery codes, passkeys)
// and the login's second step, which trades the password step's ticket for the tokens.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Ok, Refusal } from '../api.ts';
import { noParams } from '../schemas/common.ts';
import {
  addPasskeyParams,
  confirmTotpParams,
  passkeyLoginOptionsParams,
  passwordParams,
  removePasskeyParams,
  removeTotpParams,
  secondFactorParams,
  staffEnrolmentParams,
  staffRolesParams,
} from '../schemas/security.ts';
import type { StaffRole } from '../staff-roles.ts';
import type { TokenReply } from './auth.ts';
import { post, reply } from './define.ts';

export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/** The password was right, and the account asks for its second factor before any token. */
export interface SecondFactorRequiredReply extends Ok {
  second_factor: {
    /** Single-use, for `expires_in` seconds and a few wrong codes. */
    ticket: string;
    methods: SecondFactorMethod[];
    expires_in: number;
  };
}

export interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface SecurityReply extends Ok {
  totp: { enabled: boolean; recovery_codes_left: number };
  passkeys: PasskeyView[];
  /** Staff calls are refused until a staff account has a second factor. */
  staff_needs_second_factor: boolean;
  /** A staff account with a factor, on a login that did not pass it: staff calls want a new login with it. */
  staff_needs_second_factor_login: boolean;
}

export interface TotpEnrolmentReply extends Ok {
  /** Base32, shown once for typing into the app; never sent again. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** That address as a QR code: an SVG image's data URL. */
  qr: string;
}

export interface RecoveryCodesReply extends Ok {
  /** Shown once: only their hashes are kept. */
  recovery_codes: string[];
}

export const security = {
  'front/get_security': post(noParams, reply<SecurityReply>()),
  'front/start_totp': post(passwordParams, reply<TotpEnrolmentReply | Refusal>()),
  'front/confirm_totp': post(confirmTotpParams, reply<RecoveryCodesReply | Refusal>()),
  'front/remove_totp': post(removeTotpParams, reply<Ok | Refusal>()),
  'front/start_passkey': post(passwordParams, reply<(Ok & { options: PublicKeyCredentialCreationOptionsJSON }) | Refusal>()),
  'front/add_passkey': post(addPasskeyParams, reply<(Ok & { passkey: PasskeyView }) | Refusal>()),
  'front/remove_passkey': post(removePasskeyParams, reply<Ok | Refusal>()),
  'front/auth/passkey_options': post(passkeyLoginOptionsParams, reply<(Ok & { options: PublicKeyCredentialRequestOptionsJSON }) | Refusal>()),
  // Refusals are 401 (`wrong_second_factor`, `login_ticket_expired`) or 429, so a 2xx is the token.
  'front/auth/second_factor': post(secondFactorParams, reply<TokenReply>()),
  /** Mails a staff account the one-time link that enrols its first second factor (refused: `player_not_found`, `not_staff`). */
  'admin/send_staff_enrolment': post(staffEnrolmentParams, reply<(Ok & { emailed_to: string; expires_in: number }) | Refusal>()),
  /** Sets a staff account's roles (refused: `player_not_found`, `not_staff`, `last_owner`); the previous ones are answered and audited. */
  'admin/set_staff_roles': post(staffRolesParams, reply<(Ok & { roles: StaffRole[]; previous: StaffRole[] }) | Refusal>()),
};
