// Progressive jackpots. A jackpot game's stakes each add a share to its pool, written in
// the stake's own wallet transaction (so a stake refused or rolled back adds nothing, and
// one taken adds exactly once); its rounds draw a number that wins the pool when it is
// below the stake in minor units (src/shared/slot-models.ts), and the studio pays the
// pool through the wallet's jackpotWin, which locks the pool row, pays what it holds and
// reseeds it in one transaction. The pool is counted apart from the ledger: its money
// is the house's until it is won, so the ledger's accounts stay as they were.
//
// Long run, a pool pays back every contribution and every seed, so the share of stakes
// it returns is contribution + seed / JACKPOT_RANGE (each cent staked has one chance in
// JACKPOT_RANGE): the figure a jackpot game's page adds to its reels' RTP.
import { and, eq, sql } from 'drizzle-orm';
import { JACKPOT_RANGE } from '../../shared/slot-models.ts';
import type { Db, Executor } from '../db/client.ts';
import { jackpotPools } from '../db/schema/index.ts';

export interface JackpotPoolDef {
  slug: string;
  name: string;
  /** Start and restart, in minor units of any currency (the same chance per minor unit staked, so the same share of stakes). */
  seed: number;
  /** Basis points of every stake. */
  contributionBps: number;
}

/** The studio's pools: the catalogue's jackpot games name one by its slug. */
export const JACKPOT_POOLS: JackpotPoolDef[] = [
  { slug: 'eagle-mega', name: 'Eagle Mega Jackpot', seed: 100_000, contributionBps: 100 },
  { slug: 'red-mesa-major', name: 'Red Mesa Major', seed: 25_000, contributionBps: 50 },
];

/** The long-run share of stakes a pool returns (see the header). */
export function jackpotRtp(pool: JackpotPoolDef): number {
  return pool.contributionBps / 10_000 + pool.seed / JACKPOT_RANGE;
}

export function poolDef(slug: string): JackpotPoolDef | undefined {
  return JACKPOT_POOLS.find((p) => p.slug === slug);
}

/** Creates the pools that are not there yet, in every currency the wallet keeps. */
export async function seedJackpots(db: Db): Promise<void> {
  const rows = JACKPOT_POOLS.flatMap((p) =>
    (['EUR', 'INR'] as const).map((currency) => ({
      slug: p.slug,
      name: p.name,
      currency,
      seed: p.seed,
      amount: p.seed,
      contributionBps: p.contributionBps,
    })),
  );
  await db.insert(jackpotPools).values(rows).onConflictDoNothing();
}

/**
 * The write a jackpot game's stake carries: the pool grows by floor(stake × share), exactly
 * once, in the stake's transaction. It takes the pool's row lock after the wallet's, as
 * the jackpot win does.
 */
export function contributionOf(pool: string, currency: string, stake: number) {
  const share = sql`(${stake}::bigint * contribution_bps / 10000)`;
  return sql`update jackpot_pools set amount = amount + ${share}, contributed = contributed + ${share}, updated_at = now()
             where slug = ${pool} and currency = ${currency}`;
}

/** A pool's row in a currency. */
export async function findPool(db: Executor, slug: string, currency: string) {
  const [pool] = await db
    .select()
    .from(jackpotPools)
    .where(and(eq(jackpotPools.slug, slug), eq(jackpotPools.currency, currency)));
  return pool;
}
