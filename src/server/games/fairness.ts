// Provably fair seeds (the mapping itself is src/shared/fairness.ts). A player (or, in free
// play, a session) has one active pair: a server seed shown only as its SHA-256 and a
// client seed the player may change. Each round takes the pair's next nonce in the same
// transaction that stores the round, holding the pair's row lock, so a rotation (which
// takes the same lock) sees every round drawn from the pair it reveals, and no nonce is
// used twice (a unique index on the rounds says so too).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { toAmount } from '../../shared/money.ts';
import type { FairnessReply, JackpotFacts, RoundDetails, ShownSeed } from '../../shared/schemas/games.ts';
import { CLIENT_SEED_PATTERN, type FairOutcome, type FairSeeds, fairOutcome, fairRng, type HmacSha256, isFairGame, type Rng } from '../../shared/fairness.ts';
import { fairVariant } from '../../shared/slot-models.ts';
import type { Db, Executor } from '../db/client.ts';
import { fairSeeds, gameRounds, gameSessions, games } from '../db/schema/index.ts';
import { poolDef } from './jackpot.ts';

/** node:crypto's HMAC-SHA256 for the shared mapping. */
export const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Who a seed pair belongs to: a player (real play) or a free-play session. */
export type SeedOwner = { playerId: number } | { sessionId: number };

function ownedBy(owner: SeedOwner): SQL {
  return 'playerId' in owner ? eq(fairSeeds.playerId, owner.playerId) : eq(fairSeeds.sessionId, owner.sessionId);
}

type SeedRow = typeof fairSeeds.$inferSelect;

/** A fresh pair: 32 random bytes of server seed (hex) and, unless the player named one, 16 hex characters of client seed. */
function newPair(owner: SeedOwner, clientSeed?: string) {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    playerId: 'playerId' in owner ? owner.playerId : null,
    sessionId: 'sessionId' in owner ? owner.sessionId : null,
    serverSeed,
    serverSeedHash: sha256Hex(serverSeed),
    clientSeed: clientSeed ?? randomBytes(8).toString('hex'),
  };
}

/** The owner's active pair, created on first use. */
export async function activeSeed(db: Executor, owner: SeedOwner): Promise<SeedRow> {
  for (;;) {
    const [found] = await db
      .select()
      .from(fairSeeds)
      .where(and(ownedBy(owner), isNull(fairSeeds.revealedAt)));
    if (found) return found;
    // Two first rounds at once: the partial unique index lets one pair in.
    await db.insert(fairSeeds).values(newPair(owner)).onConflictDoNothing();
  }
}

/**
 * Takes the owner's next nonce, row-locked until `db` (a transaction) commits: the
 * round drawn from it must be stored in the same transaction.
 */
export async function takeNonce(tx: Executor, owner: SeedOwner): Promise<{ seed: SeedRow; nonce: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [seed] = await tx
      .update(fairSeeds)
      .set({ nextNonce: sql`${fairSeeds.nextNonce} + 1` })
      .where(and(ownedBy(owner), isNull(fairSeeds.revealedAt)))
      .returning();
    if (seed) return { seed, nonce: seed.nextNonce - 1 };
    // The owner's first round: a pair is made (two first rounds at once: the partial unique index lets one in).
    await tx.insert(fairSeeds).values(newPair(owner)).onConflictDoNothing();
  }
  throw new Error('no active seed pair');
}

/** The random source of a round and what it decides. */
export function roundRng(seeds: FairSeeds): Rng & { draws: number } {
  return fairRng(nodeHmac, seeds);
}

/**
 * The variant the mapping reads for a game's config: a slot's maths model (a bonus buy
 * draws differently), a roulette table's American wheel (38 pockets); none otherwise.
 */
export function fairVariantOf(engine: string, config: Record<string, unknown>, bought = false): string | undefined {
  if (engine === 'roulette') return config.wheel === 'american' ? 'american' : undefined;
  return typeof config.variant === 'string' ? fairVariant(config.variant, bought) : undefined;
}

/** The outcome a round's seeds decide, for an engine the mapping knows. */
export function outcomeOf(engine: string, config: Record<string, unknown>, seeds: FairSeeds, bought = false): FairOutcome | null {
  if (!isFairGame(engine)) return null;
  return fairOutcome(engine, roundRng(seeds), fairVariantOf(engine, config, bought));
}

export type RotateResult = { ok: true; revealed: SeedRow; active: SeedRow } | { ok: false; code: 'round_in_progress' | 'invalid_client_seed' };

/**
 * Reveals the owner's active server seed and starts a new pair, with `clientSeed` if the
 * player chose one (else the old client seed). Refused while a hand drawn from the pair
 * is still in play: its remaining cards would be known.
 */
export async function rotateSeed(db: Db, owner: SeedOwner, at: Date, clientSeed?: string): Promise<RotateResult> {
  if (clientSeed !== undefined && !CLIENT_SEED_PATTERN.test(clientSeed)) return { ok: false, code: 'invalid_client_seed' };
  await activeSeed(db, owner);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(fairSeeds)
      .where(and(ownedBy(owner), isNull(fairSeeds.revealedAt)))
      .for('update');
    if (!current) throw new Error('no active seed pair');
    const [open] = await tx
      .select({ id: gameRounds.id })
      .from(gameRounds)
      .where(and(eq(gameRounds.seedId, current.id), eq(gameRounds.finished, false), inArray(gameRounds.status, ['new', 'open'])))
      .limit(1);
    if (open) return { ok: false as const, code: 'round_in_progress' as const };
    const [revealed] = await tx.update(fairSeeds).set({ revealedAt: at }).where(eq(fairSeeds.id, current.id)).returning();
    const [active] = await tx
      .insert(fairSeeds)
      .values(newPair(owner, clientSeed ?? current.clientSeed))
      .returning();
    return { ok: true as const, revealed: revealed as SeedRow, active: active as SeedRow };
  });
}

/** Whether a round's view says it was a slot's bonus buy. */
function boughtIn(view: unknown): boolean {
  return typeof view === 'object' && view !== null && (view as { bought?: unknown }).bought === true;
}

/** What a player may know of a pair: the server seed only once it was rotated. */
export function shownSeed(seed: SeedRow): ShownSeed {
  return {
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    clientSeed: seed.clientSeed,
    nextNonce: seed.nextNonce,
    revealedAt: seed.revealedAt?.toISOString() ?? null,
  };
}

/** The owner's active pair and the pairs rotated before it (newest first, up to `limit`). */
export async function seedHistory(db: Executor, owner: SeedOwner, limit = 10) {
  const active = await activeSeed(db, owner);
  const rows = await db
    .select()
    .from(fairSeeds)
    .where(ownedBy(owner))
    .orderBy(desc(fairSeeds.id))
    .limit(limit + 1);
  return { active: shownSeed(active), previous: rows.filter((r) => r.revealedAt).map(shownSeed) };
}

/**
 * A finished jackpot round's pool, what its first stake added to it (real money only,
 * ⌊stake × share⌋ as jackpot.ts adds it) and what the pool paid it.
 */
function jackpotFacts(
  config: Record<string, unknown>,
  round: typeof gameRounds.$inferSelect,
  session: { mode: string; currency: string } | null,
): JackpotFacts | undefined {
  const pool = typeof config.jackpot === 'string' ? poolDef(config.jackpot) : undefined;
  if (!pool || !session || !round.finished) return undefined;
  const stake = round.stakes[0]?.amount ?? round.stake;
  const won = (round.view as { jackpotWon?: unknown } | null)?.jackpotWon;
  return {
    pool: pool.name,
    currency: session.currency,
    stake: toAmount(stake),
    contribution: session.mode === 'real' ? toAmount(Math.floor((stake * pool.contributionBps) / 10_000)) : null,
    won: typeof won === 'number' ? won : null,
  };
}

/** Rounds with their seeds and outcome, as the round details show them, newest first. */
export async function roundDetails(db: Executor, where: SQL, limit = 1): Promise<RoundDetails[]> {
  const found = await db
    .select({
      round: gameRounds,
      seed: fairSeeds,
      game: { name: games.name, engine: games.engine, config: games.config },
      session: { mode: gameSessions.mode, currency: gameSessions.currency },
    })
    .from(gameRounds)
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .leftJoin(fairSeeds, eq(fairSeeds.id, gameRounds.seedId))
    .leftJoin(gameSessions, eq(gameSessions.id, gameRounds.sessionId))
    .where(where)
    .orderBy(desc(gameRounds.id))
    .limit(limit);
  return found.map(({ round, seed, game, session }) => {
    const jackpot = jackpotFacts(game.config, round, session);
    return {
      id: `studio-${round.id}`,
      game: game.name,
      engine: game.engine,
      // A bonus buy and an American wheel draw differently, and the fairness page learns it from the variant.
      variant: fairVariantOf(game.engine, game.config, boughtIn(round.view)) ?? null,
      createdAt: round.createdAt.toISOString(),
      finished: round.finished,
      stake: toAmount(round.stake),
      win: round.finished ? toAmount(round.win) : 0,
      // A hand in play shows nothing of its shoe.
      view: round.finished ? round.view : null,
      outcome: round.finished ? ((round.outcome as FairOutcome | null) ?? null) : null,
      nonce: round.nonce,
      ...(seed ? { serverSeedHash: seed.serverSeedHash, serverSeed: seed.revealedAt ? seed.serverSeed : null, clientSeed: seed.clientSeed } : {}),
      ...(jackpot ? { jackpot } : {}),
    };
  });
}

/** The owner's seeds and latest rounds, for the game's fairness panel and the account. */
export async function fairnessOf(db: Executor, owner: SeedOwner, rounds = 20): Promise<FairnessReply> {
  const seeds = await seedHistory(db, owner);
  const whose = 'playerId' in owner ? eq(gameRounds.playerId, owner.playerId) : eq(gameRounds.sessionId, owner.sessionId);
  return { status: 1, ...seeds, rounds: await roundDetails(db, and(whose, isNotNull(gameRounds.seedId)) as SQL, rounds) };
}
