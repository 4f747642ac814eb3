// Bonuses with a deadline ("valid 30 days"): a bonus still unwagered when its deadline
// passes is forfeited, with its winnings. Every server process sweeps; the forfeit of
// one bonus has one idempotency key, so two processes (or two sweeps) that find the
// same bonus move its money once, and a bonus converted in the meantime is left alone.
import type { ServerContext } from '../context.ts';
import type { Wallet } from './operations.ts';
import { runOncePerCluster } from '../games/schedule.ts';

/** How often a running server looks for bonuses past their deadline. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

/** Forfeits every active bonus whose deadline has passed by the wallet's clock; returns how many were forfeited now. */
export async function expireBonuses(wallet: Wallet, batch = 200): Promise<number> {
  let forfeited = 0;
  for (;;) {
    const due = await wallet.expiredBonuses(batch);
    let progressed = false;
    for (const bonus of due) {
      const outcome = await wallet.bonusExpire(bonus);
      if (outcome.ok && !outcome.replayed) forfeited++;
      progressed ||= outcome.ok || outcome.code === 'no_active_bonus';
    }
    // A short batch was the last; a batch where nothing moved would only come back the same.
    if (due.length < batch || !progressed) return forfeited;
  }
}

/**
 * Runs the sweep every `everyMs` in one process of the cluster (the one holding the
 * `bonus-expiry` lease). Returns a stop function that waits for a sweep in progress.
 */
export function startBonusExpiry(ctx: ServerContext, wallet: Wallet, everyMs = BONUS_EXPIRY_INTERVAL_MS): () => Promise<void> {
  return runOncePerCluster(ctx, 'bonus-expiry', everyMs, () => expireBonuses(wallet));
}
