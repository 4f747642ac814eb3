// Second factors: the Security tab's forms (enrol and remove an authenticator app, add and
// remove passkeys, all behind the password) and the login's second step.
import { text, z } from './common.ts';
import { FIELD_LIMITS } from './player.ts';
import { STAFF_ROLES } from '../staff-roles.ts';

/** The account's password, asked again before a second factor is added or removed. */
const password = text({ max: FIELD_LIMITS.password, tooLong: 'password_too_long' }).min(1, 'field_required');

/** A six-digit authenticator code; spaces a phone shows between the digits are allowed. */
export const totpCode = text({ max: 20, trim: true })
  .min(1, 'field_required')
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'totp_code_format'));

/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCode = text({ max: 40, trim: true })
  .min(1, 'field_required')
  .transform((s) => s.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'recovery_code_format'));

/** A passkey's name, so the player can tell several apart. */
export const passkeyName = text({ max: 50, trim: true }).min(1, 'field_required');

// What a browser's WebAuthn call returns, as @simplewebauthn/browser encodes it (base64url
// strings). The server library checks the contents; this only bounds their size and kind.
const b64 = (max: number) => text({ max }).regex(/^[A-Za-z0-9_-]*$/, 'invalid_value');
const credentialBase = {
  id: b64(1400).min(1, 'field_required'),
  rawId: b64(1400).min(1, 'field_required'),
  type: z.literal('public-key'),
  clientExtensionResults: z.object({}).loose().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(4000),
    attestationObject: b64(16000),
    transports: z
      .array(text({ max: 20 }))
      .max(10)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64(4000).optional(),
    authenticatorData: b64(8000).optional(),
  }),
});

export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(4000),
    authenticatorData: b64(8000),
    signature: b64(2000),
    userHandle: b64(200).optional(),
  }),
});

/** A staff account's one-time enrolment link (`?enrol=…`), which its first second factor needs. */
const enrolment = text({ max: 200, trim: true }).optional();

export const passwordParams = z.object({ password, enrolment });
export const confirmTotpParams = z.object({ code: totpCode, enrolment });
/** Removing the app: the password and a current code from it, or one of its recovery codes. */
export const removeTotpParams = z.object({ password, code: text({ max: 40, trim: true }).min(1, 'field_required') });
export const addPasskeyParams = z.object({ name: passkeyName, response: registrationResponse, enrolment });
/** `admin/send_staff_enrolment`: mails a staff account a one-time link to enrol its first second factor. */
export const staffEnrolmentParams = z.object({ playerId: z.number({ error: 'field_required' }).int().positive().max(2_147_483_647) });
/** `admin/set_staff_roles`: the whole list of a staff account's roles (owner only). */
export const staffRolesParams = z.object({
  playerId: z.number({ error: 'field_required' }).int().positive().max(2_147_483_647),
  roles: z
    .array(z.enum(STAFF_ROLES, { error: 'invalid_value' }))
    .min(1, 'field_required')
    .max(STAFF_ROLES.length)
    .transform((roles) => [...new Set(roles)]),
});
export const removePasskeyParams = z.object({ id: z.number().int().positive(), password });

/** The login's ticket: what the password step answered. */
const ticket = text({ max: 100, trim: true }).min(1, 'field_required');
export const passkeyLoginOptionsParams = z.object({ ticket });

/** The login's second step: the ticket and one proof. */
export const secondFactorParams = z.discriminatedUnion('method', [
  z.object({ ticket, method: z.literal('totp'), code: totpCode }),
  z.object({ ticket, method: z.literal('recovery'), code: recoveryCode }),
  z.object({ ticket, method: z.literal('passkey'), response: authenticationResponse }),
]);

/** The login modal's code field: six digits, or a recovery code when the player chose that. */
export const totpForm = z.object({ code: totpCode });
export const recoveryForm = z.object({ code: recoveryCode });
export const passkeyNameForm = z.object({ name: passkeyName, password });

/** A passkey's signature as the browser's WebAuthn helper returns it (its extension outputs typed loosely). */
export type AuthenticationResponseParams = z.input<typeof authenticationResponse>;
export type RegistrationResponseParams = z.input<typeof registrationResponse>;
