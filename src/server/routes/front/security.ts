// The account's Security tab: the authenticator app with its recovery codes, and passkeys.
// Adding or removing a factor needs a live login and the password; the player is the token's.
// A staff account also needs a login that passed the second step, or for its first factor a
// one-time enrolment link (factorChangeGate).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Reply } from '../../../shared/contract/index.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import { addPasskeyParams, confirmTotpParams, passwordParams, removePasskeyParams, removeTotpParams } from '../../../shared/schemas/security.ts';
import { type AuthEnv, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { LIMITS } from '../../auth/rate-limit.ts';
import {
  addPasskey,
  checkPassword,
  confirmTotp,
  factorChangeGate,
  passkeyRegistrationOptions,
  removePasskey,
  removeTotp,
  securityOverview,
  startTotp,
} from '../../auth/two-factor.ts';
import type { ServerContext } from '../../context.ts';
import { players } from '../../db/schema/index.ts';
import { parseBody, refusal, tooManyAttempts } from '../../http.ts';

export function securityRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  const livePlayer = requireLivePlayer(ctx);

  const usernameOf = async (playerId: number) => {
    const [row] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
    return row?.username ?? String(playerId);
  };
  /** The password check in front of every change: a refusal to answer, or undefined to go on. */
  const passwordRefusal = async (c: Context<AuthEnv>, password: string) => {
    const check = await checkPassword(ctx, c.get('player').playerId, password);
    if (check === 'too_many_attempts') return tooManyAttempts(c, LIMITS.passwordChangePerPlayer.windowSeconds);
    if (check === 'wrong_password') return c.json(refusal('wrong_password', { password: 'wrong_password' }));
    return undefined;
  };
  /** Whether this login may change the factors (staff: factorChangeGate); the link to spend, if any. */
  const gate = (c: Context<AuthEnv>, link?: string) => {
    const { playerId, secondFactor } = c.get('player');
    return factorChangeGate(db, playerId, Boolean(secondFactor && c.get('login')?.secondFactor), link);
  };

  return new Hono<AuthEnv>()
    .post('/get_security', player, async (c) => {
      await parseBody(c, noParams);
      const { playerId, scope, secondFactor } = c.get('player');
      return c.json({ status: 1, ...(await securityOverview(db, playerId, scope, Boolean(secondFactor))) } satisfies Reply<'front/get_security'>);
    })
    .post('/start_totp', livePlayer, async (c) => {
      const { password, enrolment } = await parseBody(c, passwordParams);
      const refused = await passwordRefusal(c, password);
      if (refused) return refused;
      const allowed = await gate(c, enrolment);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/start_totp'>);
      const { playerId } = c.get('player');
      const started = await startTotp(ctx, playerId, await usernameOf(playerId));
      if (started === 'totp_already_enabled') return c.json(refusal(started) satisfies Reply<'front/start_totp'>);
      return c.json({ status: 1, ...started } satisfies Reply<'front/start_totp'>);
    })
    .post('/confirm_totp', livePlayer, async (c) => {
      const { code, enrolment } = await parseBody(c, confirmTotpParams);
      const allowed = await gate(c, enrolment);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/confirm_totp'>);
      const codes = await confirmTotp(ctx, c.get('player').playerId, code, allowed.enrolment);
      if (codes === 'wrong_code') return c.json(refusal('wrong_code', { code: 'wrong_code' }) satisfies Reply<'front/confirm_totp'>);
      if (codes === 'staff_enrolment_invalid') return c.json(refusal(codes) satisfies Reply<'front/confirm_totp'>);
      return c.json({ status: 1, recovery_codes: codes } satisfies Reply<'front/confirm_totp'>);
    })
    .post('/remove_totp', livePlayer, async (c) => {
      const { password, code } = await parseBody(c, removeTotpParams);
      const refused = await passwordRefusal(c, password);
      if (refused) return refused;
      const allowed = await gate(c);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/remove_totp'>);
      const outcome = await removeTotp(ctx, c.get('player').playerId, code);
      if (outcome === 'wrong_code') return c.json(refusal('wrong_code', { code: 'wrong_code' }));
      if (outcome === 'totp_not_enabled') return c.json(refusal(outcome));
      return c.json({ status: 1 } satisfies Reply<'front/remove_totp'>);
    })
    .post('/start_passkey', livePlayer, async (c) => {
      const { password, enrolment } = await parseBody(c, passwordParams);
      const refused = await passwordRefusal(c, password);
      if (refused) return refused;
      const allowed = await gate(c, enrolment);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/start_passkey'>);
      const { playerId } = c.get('player');
      const options = await passkeyRegistrationOptions(ctx, playerId, await usernameOf(playerId));
      return c.json({ status: 1, options } satisfies Reply<'front/start_passkey'>);
    })
    .post('/add_passkey', livePlayer, async (c) => {
      const { name, response, enrolment } = await parseBody(c, addPasskeyParams);
      const allowed = await gate(c, enrolment);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/add_passkey'>);
      const added = await addPasskey(ctx, c.get('player').playerId, name, response as Parameters<typeof addPasskey>[3], allowed.enrolment);
      if (added === 'passkey_rejected' || added === 'staff_enrolment_invalid') return c.json(refusal(added) satisfies Reply<'front/add_passkey'>);
      return c.json({ status: 1, passkey: added } satisfies Reply<'front/add_passkey'>);
    })
    .post('/remove_passkey', livePlayer, async (c) => {
      const { id, password } = await parseBody(c, removePasskeyParams);
      const refused = await passwordRefusal(c, password);
      if (refused) return refused;
      const allowed = await gate(c);
      if (!allowed.ok) return c.json(refusal(allowed.message) satisfies Reply<'front/remove_passkey'>);
      if (!(await removePasskey(db, c.get('player').playerId, id))) return c.json(refusal('not_found') satisfies Reply<'front/remove_passkey'>);
      return c.json({ status: 1 } satisfies Reply<'front/remove_passkey'>);
    });
}
