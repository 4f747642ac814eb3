// Account rows are created the first time a wallet is touched (registration does not
// know about the wallet) and never deleted, so their ids can be remembered per process.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/** House and clearing are split into this many rows; a player always uses shard `playerId % SYSTEM_SHARDS`. */
export const SYSTEM_SHARDS = 16;

export interface PlayerAccountIds {
  real: number;
  bonus: number;
  locked: number;
}

export interface SystemAccountIds {
  house: number[];
  clearing: number[];
}

interface Known {
  players: Map<number, PlayerAccountIds>;
  system: Promise<SystemAccountIds> | undefined;
}

// Bounded so that a long-running process does not keep every player it ever saw.
const MAX_REMEMBERED_PLAYERS = 100_000;
const known = new WeakMap<Db, Known>();

function knownFor(db: Db): Known {
  let k = known.get(db);
  if (!k) {
    k = { players: new Map(), system: undefined };
    known.set(db, k);
  }
  return k;
}

export const shardOf = (playerId: number) => playerId % SYSTEM_SHARDS;

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23503';
}

/** The ids of the player's real, bonus and locked accounts, creating them on first use; undefined when no such player exists. */
export async function playerAccountIds(db: Db, playerId: number): Promise<PlayerAccountIds | undefined> {
  const k = knownFor(db);
  const remembered = k.players.get(playerId);
  if (remembered) return remembered;
  try {
    await db.execute(
      sql`insert into wallet_accounts (player_id, kind) values (${playerId}, 'real'), (${playerId}, 'bonus'), (${playerId}, 'locked') on conflict (player_id, kind) do nothing`,
    );
  } catch (error) {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  // A separate statement: rows another instance inserted meanwhile are visible only to a new snapshot.
  const found = await rows<{ id: number; kind: string }>(db, sql`select id, kind from wallet_accounts where player_id = ${playerId}`);
  const id = (kind: string) => {
    const row = found.find((r) => r.kind === kind);
    if (!row) throw new Error(`wallet account ${kind} of player ${playerId} is missing`);
    return Number(row.id);
  };
  const ids = { real: id('real'), bonus: id('bonus'), locked: id('locked') };
  if (k.players.size >= MAX_REMEMBERED_PLAYERS) k.players.clear();
  k.players.set(playerId, ids);
  return ids;
}

/** The ids of the house and clearing shards, creating them on first use. */
export function systemAccountIds(db: Db): Promise<SystemAccountIds> {
  const k = knownFor(db);
  k.system ??= (async () => {
    const values = [];
    for (const kind of ['house', 'clearing']) for (let shard = 0; shard < SYSTEM_SHARDS; shard++) values.push(sql`(${kind}, ${shard})`);
    await db.execute(
      sql`insert into wallet_accounts (kind, shard) values ${sql.join(values, sql`, `)} on conflict (kind, shard) where player_id is null do nothing`,
    );
    const found = await rows<{ id: number; kind: string; shard: number }>(db, sql`select id, kind, shard from wallet_accounts where player_id is null`);
    const ids: SystemAccountIds = { house: [], clearing: [] };
    for (const r of found) ids[r.kind as 'house' | 'clearing'][r.shard] = Number(r.id);
    return ids;
  })();
  k.system.catch(() => {
    k.system = undefined;
  });
  return k.system;
}
