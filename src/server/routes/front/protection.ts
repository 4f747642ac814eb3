// The safer-gambling calls of the account: limits, breaks, closure, reality checks and
// the monthly summary. Changes need a live login; the player is always the token's.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ConfirmLimitReply, SaferGamblingReply, SetLimitReply, TakeBreakReply } from '../../../shared/protection.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import { closeAccountParams, confirmLimitParams, realityCheckParams, setLimitParams, takeBreakParams } from '../../../shared/schemas/protection.ts';
import { type AuthEnv, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { consume, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { players } from '../../db/schema/index.ts';
import { HttpError, parseBody, refusal, tooManyAttempts } from '../../http.ts';
import {
  type BreakDuration,
  closeAccount,
  confirmLimitChange,
  monthlySummary,
  readLimits,
  realityCheckMinutes,
  setLimit,
  setRealityCheck,
  takeBreak,
} from '../../protection/index.ts';
import { walletCurrency } from '../../wallet/index.ts';

export function protectionRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  const livePlayer = requireLivePlayer(ctx);
  return new Hono<AuthEnv>()
    .post('/get_safer_gambling', player, async (c) => {
      await parseBody(c, noParams);
      const { playerId } = c.get('player');
      const [currency, limits, minutes, months] = await Promise.all([
        walletCurrency(db, playerId),
        readLimits(db, playerId),
        realityCheckMinutes(db, playerId),
        monthlySummary(db, playerId, ctx.clock.now()),
      ]);
      if (!currency) throw new HttpError(401, 'unauthorized');
      return c.json({
        status: 1,
        currency,
        cooling_off_hours: ctx.config.limitCoolingOffHours,
        limits,
        reality_check_minutes: minutes,
        months,
      } satisfies SaferGamblingReply);
    })
    .post('/set_player_limit', livePlayer, async (c) => {
      const { kind, amount } = await parseBody(c, setLimitParams);
      const result = await setLimit(ctx, c.get('player').playerId, kind, amount);
      return c.json({ status: 1, ...result } satisfies SetLimitReply);
    })
    .post('/confirm_player_limit', livePlayer, async (c) => {
      const { kind } = await parseBody(c, confirmLimitParams);
      const result = await confirmLimitChange(ctx, c.get('player').playerId, kind);
      if (result === 'too_early') return c.json(refusal('limit_cooling_off'));
      if (result === 'nothing_pending') return c.json(refusal('limit_nothing_pending'));
      return c.json({ status: 1, ...result } satisfies ConfirmLimitReply);
    })
    .post('/set_reality_check', livePlayer, async (c) => {
      const { minutes } = await parseBody(c, realityCheckParams);
      await setRealityCheck(db, c.get('player').playerId, minutes);
      return c.json({ status: 1, reality_check_minutes: minutes });
    })
    .post('/take_break', livePlayer, async (c) => {
      const { duration } = await parseBody(c, takeBreakParams);
      const outcome = await takeBreak(ctx, c.get('player').playerId, duration as BreakDuration);
      if (outcome === 'shorter_than_current') return c.json(refusal('break_shorter_than_current'));
      return c.json({ status: 1, until: outcome.until, break_kind: outcome.breakKind } satisfies TakeBreakReply);
    })
    .post('/close_account', livePlayer, async (c) => {
      const { password } = await parseBody(c, closeAccountParams);
      const { playerId } = c.get('player');
      // A stolen access token must not become a way to guess the password (the password change's own count).
      if (!(await consume(db, limitKey('password', 'player', playerId), LIMITS.passwordChangePerPlayer)))
        return tooManyAttempts(c, LIMITS.passwordChangePerPlayer.windowSeconds);
      const [row] = await db.select({ passwordHash: players.passwordHash }).from(players).where(eq(players.id, playerId));
      if (!row || !(await verifyPassword(row.passwordHash, password))) return c.json(refusal('wrong_password', { password: 'wrong_password' }));
      await closeAccount(ctx, playerId);
      return c.json({ status: 1 });
    });
}
