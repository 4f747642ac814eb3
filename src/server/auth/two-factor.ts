// Second factors: an authenticator app (TOTP, RFC 6238) with ten recovery codes, and
// passkeys (WebAuthn). Adding or removing one needs the password; a login of an account
// that has one ends at a ticket, traded for the tokens by a code or a passkey's signature.
// A staff account's factors guard the staff tools, so changing them also needs a login that
// passed the second step, and its first one a one-time enrolment link (staff-enrolment.ts).
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { PasskeyView, SecondFactorMethod } from '../../shared/contract/security.ts';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { identityAudit, loginTickets, passkeyChallenges, passkeys, players, playerTotp, recoveryCodes } from '../db/schema/index.ts';
import { consumeAccountToken, peekAccountToken } from './account-tokens.ts';
import { digest, randomToken } from './opaque.ts';
import { verifyPassword } from './passwords.ts';
import { consume, LIMITS, limitKey } from './rate-limit.ts';
import { hasScope } from './tokens.ts';

/** The name authenticator apps and passkey dialogs show. */
export const ISSUER = 'Casino Eagles';
/** How long the password step's ticket waits for the second factor. */
export const TICKET_SECONDS = 5 * 60;
/** Wrong codes one ticket takes before it dies (the password must then be given again). */
export const TICKET_FAILURES = 5;
/** How long a passkey registration's challenge stands. */
export const CHALLENGE_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD = 30;

// ---- the secret at rest ----------------------------------------------------------------

const keys = new Map<string, Buffer>();
function secretKey(twoFactorKey: string): Buffer {
  let key = keys.get(twoFactorKey);
  if (!key) {
    key = createHmac('sha256', twoFactorKey).update('casino-eagles/totp-secret/v1').digest();
    keys.set(twoFactorKey, key);
  }
  return key;
}

/** AES-256-GCM: a copy of the table (a backup, a dump) gives nobody the players' codes. */
export function sealSecret(twoFactorKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(twoFactorKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

function openSecret(twoFactorKey: string, stored: string): string {
  const [version, iv = '', tag = '', sealed = ''] = stored.split('.');
  if (version !== 'v1') throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(twoFactorKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

// ---- what an account has -----------------------------------------------------------------

/** The second factors a login of this player may use; empty: the password alone logs in. */
export async function secondFactorMethods(db: Executor, playerId: number): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${playerTotp} where ${playerTotp.playerId} = ${playerId} and ${playerTotp.confirmedAt} is not null)`,
      passkeys: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.playerId} = ${playerId})`,
    })
    .from(players)
    .where(eq(players.id, playerId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp', 'recovery');
  if (row?.passkeys) methods.push('passkey');
  return methods;
}

export async function hasSecondFactor(db: Executor, playerId: number): Promise<boolean> {
  return (await secondFactorMethods(db, playerId)).length > 0;
}

/**
 * The Security tab: the app (and how many recovery codes are left), the passkeys, and for
 * staff what the staff tools still want: a factor, or a login that passed it.
 */
export async function securityOverview(db: Executor, playerId: number, scope: string[], loginPassedSecondFactor: boolean) {
  const [totp] = await db.select({ confirmedAt: playerTotp.confirmedAt }).from(playerTotp).where(eq(playerTotp.playerId, playerId));
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.playerId, playerId), isNull(recoveryCodes.usedAt)));
  const keys = await db.select().from(passkeys).where(eq(passkeys.playerId, playerId)).orderBy(passkeys.id);
  const enabled = Boolean(totp?.confirmedAt);
  return {
    totp: { enabled, recovery_codes_left: enabled ? Number(left?.n ?? 0) : 0 },
    passkeys: keys.map(passkeyView),
    staff_needs_second_factor: scope.includes('admin') && !enabled && keys.length === 0,
    staff_needs_second_factor_login: scope.includes('admin') && (enabled || keys.length > 0) && !loginPassedSecondFactor,
  };
}

// ---- who may change a staff account's factors ----------------------------------------------

export type FactorChangeRefusal = 'staff_enrolment_required' | 'staff_enrolment_invalid' | 'staff_second_factor_login_required';
export type FactorChangeGate = { ok: true; enrolment?: string } | { ok: false; message: FactorChangeRefusal };

/**
 * Whether this login may change the account's factors (the password is asked besides).
 * Players may. A staff account may from a login that passed the second step; one without
 * any factor adds its first only with a one-time enrolment link, answered as `enrolment` to
 * be spent with the factor it adds. So a stolen staff password, or a login made with it
 * alone before a factor existed, never adds a factor of its own (nor removes the owner's).
 */
export async function factorChangeGate(db: Executor, playerId: number, loginPassedSecondFactor: boolean, link: string | undefined): Promise<FactorChangeGate> {
  const [row] = await db.select({ scope: players.scope }).from(players).where(eq(players.id, playerId));
  if (!row || !hasScope(row.scope, 'admin') || loginPassedSecondFactor) return { ok: true };
  if (await hasSecondFactor(db, playerId)) return { ok: false, message: 'staff_second_factor_login_required' };
  if (!link) return { ok: false, message: 'staff_enrolment_required' };
  return (await peekAccountToken(db, link, 'staff_enrolment')) === playerId ? { ok: true, enrolment: link } : { ok: false, message: 'staff_enrolment_invalid' };
}

/** Thrown inside a transaction to undo it and answer `answer` instead. */
class Undo<T> extends Error {
  readonly answer: T;
  constructor(answer: T) {
    super('undone');
    this.answer = answer;
  }
}

async function undoable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Undo) return error.answer as T;
    throw error;
  }
}

/** Spends a staff enrolment link with the factor it adds, in the same transaction, and audits it; false when it is no longer good. */
async function spendEnrolment(tx: Executor, playerId: number, link: string, factor: 'totp' | 'passkey'): Promise<boolean> {
  if ((await consumeAccountToken(tx, link, 'staff_enrolment', playerId)) !== playerId) return false;
  await tx.insert(identityAudit).values({ staffId: playerId, via: 'api', action: 'staff_enrolment_used', playerId, details: { factor } });
  return true;
}

function passkeyView(row: typeof passkeys.$inferSelect): PasskeyView {
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

export type PasswordCheck = 'ok' | 'wrong_password' | 'too_many_attempts';

/** The password asked before a factor is added or removed; counted with password changes, so a stolen access token cannot guess it. */
export async function checkPassword(ctx: ServerContext, playerId: number, password: string): Promise<PasswordCheck> {
  const db = ctx.database.db;
  if (!(await consume(db, limitKey('password', 'player', playerId), LIMITS.passwordChangePerPlayer))) return 'too_many_attempts';
  const [row] = await db.select({ passwordHash: players.passwordHash }).from(players).where(eq(players.id, playerId));
  return row && (await verifyPassword(row.passwordHash, password)) ? 'ok' : 'wrong_password';
}

// ---- authenticator app ---------------------------------------------------------------------

/** Starts (or starts again) an enrolment: a new secret, shown once, asked at login only after its first code. */
export async function startTotp(
  ctx: ServerContext,
  playerId: number,
  username: string,
): Promise<{ secret: string; uri: string; qr: string } | 'totp_already_enabled'> {
  const db = ctx.database.db;
  const secret = generateSecret();
  const sealed = sealSecret(ctx.config.twoFactorKey, secret);
  // An enrolled app is replaced only after it is removed (with a code from it).
  const [stored] = await db
    .insert(playerTotp)
    .values({ playerId, secret: sealed })
    .onConflictDoUpdate({ target: playerTotp.playerId, set: { secret: sealed, lastStep: null, createdAt: sql`now()` }, where: isNull(playerTotp.confirmedAt) })
    .returning({ playerId: playerTotp.playerId });
  if (!stored) return 'totp_already_enabled';
  const uri = generateURI({ issuer: ISSUER, label: username, secret, period: TOTP_PERIOD });
  // Drawn here, where the package already serves the crypto deposit page: the browser ships no QR code.
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, width: 200 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The step a code was made in when it matches now (±1 step for a phone's clock) and is later than the last one used. */
async function matchingStep(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The functional verify answers TOTP's or HOTP's result; only TOTP's carries the step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Checks a code of the player's app inside `tx` and spends its time step: the row is
 * locked, so two logins racing with one code cannot both pass. `pending` checks the
 * enrolment's first code instead of a confirmed app's.
 */
async function spendTotpCode(ctx: ServerContext, tx: Executor, playerId: number, code: string, pending = false): Promise<boolean> {
  const [row] = await tx.select().from(playerTotp).where(eq(playerTotp.playerId, playerId)).for('update');
  if (!row || Boolean(row.confirmedAt) === pending) return false;
  let secret: string;
  try {
    secret = openSecret(ctx.config.twoFactorKey, row.secret);
  } catch (error) {
    // Sealed under another key (TWO_FACTOR_KEY, or the JWT secret it defaults to, was changed):
    // no code can match; recovery codes and passkeys still work, and support must know.
    ctx.logger.error({ err: error, playerId }, 'authenticator secret cannot be opened with the configured TWO_FACTOR_KEY');
    return false;
  }
  const step = await matchingStep(secret, code, ctx.clock.now(), row.lastStep);
  if (step === undefined) return false;
  await tx.update(playerTotp).set({ lastStep: step }).where(eq(playerTotp.playerId, playerId));
  return true;
}

/** A recovery code, normalized (lower case, no dash), as the table keeps it. */
const recoveryDigest = (code: string) => digest(code.toLowerCase().replace(/[\s-]+/g, ''));

async function spendRecoveryCode(tx: Executor, playerId: number, code: string, now: Date): Promise<boolean> {
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.playerId, playerId), eq(recoveryCodes.codeHash, recoveryDigest(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Confirms the enrolment with the app's first code; answers the recovery codes, shown this
 * once. `enrolment`: a staff enrolment link (factorChangeGate), spent with the confirmation.
 */
export async function confirmTotp(
  ctx: ServerContext,
  playerId: number,
  code: string,
  enrolment?: string,
): Promise<string[] | 'wrong_code' | 'staff_enrolment_invalid'> {
  return undoable(() =>
    ctx.database.db.transaction(async (tx) => {
      if (!(await spendTotpCode(ctx, tx, playerId, code, true))) return 'wrong_code' as const;
      // A link used up meanwhile (by another tab's passkey) leaves the code unspent for a new try.
      if (enrolment && !(await spendEnrolment(tx, playerId, enrolment, 'totp'))) throw new Undo('staff_enrolment_invalid' as const);
      await tx
        .update(playerTotp)
        .set({ confirmedAt: dateOf(ctx.clock) })
        .where(eq(playerTotp.playerId, playerId));
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerId, playerId));
      await tx.insert(recoveryCodes).values(codes.map((c) => ({ playerId, codeHash: recoveryDigest(c) })));
      return codes;
    }),
  );
}

/** Removes the app and its recovery codes, given a current code of it or a recovery code. */
export async function removeTotp(ctx: ServerContext, playerId: number, code: string): Promise<'removed' | 'wrong_code' | 'totp_not_enabled'> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ confirmedAt: playerTotp.confirmedAt }).from(playerTotp).where(eq(playerTotp.playerId, playerId));
    if (!row?.confirmedAt) return 'totp_not_enabled' as const;
    const digits = code.replace(/\s+/g, '');
    const proven = /^\d{6}$/.test(digits) ? await spendTotpCode(ctx, tx, playerId, digits) : await spendRecoveryCode(tx, playerId, code, dateOf(ctx.clock));
    if (!proven) return 'wrong_code' as const;
    await tx.delete(playerTotp).where(eq(playerTotp.playerId, playerId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerId, playerId));
    return 'removed' as const;
  });
}

/** For the demo staff account of a development seed: an app already enrolled with a known secret. */
export async function enrolKnownSecret(db: Executor, twoFactorKey: string, playerId: number, secret: string): Promise<void> {
  await db
    .insert(playerTotp)
    .values({ playerId, secret: sealSecret(twoFactorKey, secret), confirmedAt: new Date() })
    .onConflictDoNothing();
}

// ---- passkeys ------------------------------------------------------------------------------

/** What a browser needs to create a passkey for this player; the challenge is kept for CHALLENGE_SECONDS, once. */
export async function passkeyRegistrationOptions(ctx: ServerContext, playerId: number, username: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const db = ctx.database.db;
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.playerId, playerId));
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID: ctx.config.webauthn.rpId,
    userName: username,
    // A stable handle that says nothing about the player: the browser keys its passkeys by it.
    userID: createHmac('sha256', ctx.config.twoFactorKey).update(`user-handle:${playerId}`).digest().subarray(0, 16),
    attestationType: 'none',
    // EdDSA, ES256 and RS256: what every authenticator offers, checked by Node's stable crypto.
    // The library would put ML-DSA-44 first where the runtime has it (experimental in Node),
    // and a passkey made so would stop working on a server without it.
    supportedAlgorithmIDs: [-8, -7, -257],
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await db.insert(passkeyChallenges).values({ playerId, challenge: options.challenge, expiresAt: dateOf(ctx.clock, CHALLENGE_SECONDS * 1000) });
  return options;
}

/** The challenge a browser signed, read from its clientDataJSON; the library checks it again. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores a new passkey when the browser's answer signs a challenge of this player's that is
 * unspent and fresh. `enrolment`: a staff enrolment link (factorChangeGate), spent with it.
 */
export async function addPasskey(
  ctx: ServerContext,
  playerId: number,
  name: string,
  response: RegistrationResponseJSON,
  enrolment?: string,
): Promise<PasskeyView | 'passkey_rejected' | 'staff_enrolment_invalid'> {
  const db = ctx.database.db;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return 'passkey_rejected';
  // Spent before it is checked: a challenge is good for one try.
  const [spent] = await db
    .update(passkeyChallenges)
    .set({ usedAt: dateOf(ctx.clock) })
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.playerId, playerId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, dateOf(ctx.clock)),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  if (!spent) return 'passkey_rejected';
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: ctx.config.webauthn.origins,
    expectedRPID: ctx.config.webauthn.rpId,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return 'passkey_rejected';
  const { credential } = verification.registrationInfo;
  return undoable(() =>
    db.transaction(async (tx) => {
      if (enrolment && !(await spendEnrolment(tx, playerId, enrolment, 'passkey'))) return 'staff_enrolment_invalid' as const;
      const [row] = await tx
        .insert(passkeys)
        .values({
          playerId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .onConflictDoNothing()
        .returning();
      // A key already stored leaves the link unspent.
      if (!row) throw new Undo('passkey_rejected' as const);
      return passkeyView(row);
    }),
  );
}

export async function removePasskey(db: Executor, playerId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.playerId, playerId)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}

/** Checks a passkey's signature of `challenge` for this player, and its signature counter (a cloned key repeats or lowers it). */
async function spendPasskeyAssertion(
  ctx: ServerContext,
  tx: Executor,
  playerId: number,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const [key] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.playerId, playerId)))
    .for('update');
  if (!key) return false;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: ctx.config.webauthn.origins,
    expectedRPID: ctx.config.webauthn.rpId,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports as never },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return false;
  await tx
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: dateOf(ctx.clock) })
    .where(eq(passkeys.id, key.id));
  return true;
}

// ---- the login's second step -------------------------------------------------------------

/** The ticket a right password earns on an account with a second factor. */
export async function issueLoginTicket(ctx: ServerContext, playerId: number): Promise<string> {
  const db = ctx.database.db;
  const ticket = randomToken();
  await db.insert(loginTickets).values({ playerId, tokenHash: digest(ticket), expiresAt: dateOf(ctx.clock, TICKET_SECONDS * 1000) });
  // Now and then, forget tickets and passkey challenges that ended long ago, so the tables stay small.
  if (Math.random() < 0.01) {
    const dayAgo = dateOf(ctx.clock, -24 * 3600 * 1000);
    await db.delete(loginTickets).where(lt(loginTickets.expiresAt, dayAgo));
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, dayAgo));
  }
  return ticket;
}

type LiveTicket = typeof loginTickets.$inferSelect;

async function liveTicket(ctx: ServerContext, tx: Executor, ticket: string): Promise<LiveTicket | undefined> {
  const [row] = await tx
    .select()
    .from(loginTickets)
    .where(eq(loginTickets.tokenHash, digest(ticket)))
    .for('update');
  if (!row || row.usedAt || row.failures >= TICKET_FAILURES || row.expiresAt.getTime() <= ctx.clock.now()) return undefined;
  return row;
}

/** A passkey's login challenge for the ticket's player, kept with the ticket (a new one replaces it). */
export async function passkeyLoginOptions(
  ctx: ServerContext,
  ticket: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | 'invalid_ticket' | 'no_passkey'> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await liveTicket(ctx, tx, ticket);
    if (!row) return 'invalid_ticket' as const;
    const keys = await tx.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.playerId, row.playerId));
    if (keys.length === 0) return 'no_passkey' as const;
    const options = await generateAuthenticationOptions({
      rpID: ctx.config.webauthn.rpId,
      allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
      userVerification: 'preferred',
      timeout: TICKET_SECONDS * 1000,
    });
    await tx.update(loginTickets).set({ challenge: options.challenge }).where(eq(loginTickets.id, row.id));
    return options;
  });
}

export type SecondFactorProof =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; response: AuthenticationResponseJSON };

export type TicketOutcome = { kind: 'proven'; playerId: number } | { kind: 'wrong' } | { kind: 'invalid_ticket' };

/**
 * The second step: under the ticket's row lock, checks the proof and spends the ticket when
 * it holds; a wrong proof counts against the ticket (TICKET_FAILURES kill it). A passkey's
 * challenge is spent by any answer, right or wrong.
 */
export async function proveTicket(ctx: ServerContext, ticket: string, proof: SecondFactorProof): Promise<TicketOutcome> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await liveTicket(ctx, tx, ticket);
    if (!row) return { kind: 'invalid_ticket' } as const;
    let proven = false;
    if (proof.method === 'totp') proven = await spendTotpCode(ctx, tx, row.playerId, proof.code);
    else if (proof.method === 'recovery') proven = await spendRecoveryCode(tx, row.playerId, proof.code, dateOf(ctx.clock));
    else if (row.challenge) proven = await spendPasskeyAssertion(ctx, tx, row.playerId, row.challenge, proof.response);
    if (!proven) {
      await tx
        .update(loginTickets)
        .set({ failures: sql`${loginTickets.failures} + 1`, challenge: null })
        .where(eq(loginTickets.id, row.id));
      return { kind: 'wrong' } as const;
    }
    await tx
      .update(loginTickets)
      .set({ usedAt: dateOf(ctx.clock), challenge: null })
      .where(eq(loginTickets.id, row.id));
    return { kind: 'proven', playerId: row.playerId } as const;
  });
}

/** The player's id a ticket belongs to while it stands (for counting attempts by player). */
export async function ticketPlayer(ctx: ServerContext, ticket: string): Promise<number | undefined> {
  const [row] = await ctx.database.db
    .select({ playerId: loginTickets.playerId })
    .from(loginTickets)
    .where(eq(loginTickets.tokenHash, digest(ticket)))
    .orderBy(desc(loginTickets.id));
  return row?.playerId;
}
