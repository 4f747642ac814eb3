// Account rows are created the first time a wallet is touched (registration does not
// know about the wallet) and never deleted, so their ids can be remembered per process.
// A player's accounts are in the player's currency, read from the player's row as they
// are created; the house and clearing shards exist once per currency, created the
// first time an operation in that currency needs them.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/** House and clearing are split into this many rows per currency; a player always uses shard `playerId % SYSTEM_SHARDS`. */
export const SYSTEM_SHARDS = 16;

export interface PlayerAccountIds {
  real: number;
  bonus: number;
  locked: number;
  /** The player's wallet currency (ISO 4217). */
  currency: string;
}

export interface SystemAccountIds {
  house: number[];
  clearing: number[];
}

interface Known {
  players: Map<number, PlayerAccountIds>;
  system: Map<string, Promise<SystemAccountIds>>;
}

// Bounded so that a long-running process does not keep every player it ever saw.
const MAX_REMEMBERED_PLAYERS = 100_000;
const known = new WeakMap<Db, Known>();

function knownFor(db: Db): Known {
  let k = known.get(db);
  if (!k) {
    k = { players: new Map(), system: new Map() };
    known.set(db, k);
  }
  return k;
}

export const shardOf = (playerId: number) => playerId % SYSTEM_SHARDS;

/** The ids of the player's real, bonus and locked accounts and their currency, creating them on first use; undefined when no such player exists. */
export async function playerAccountIds(db: Db, playerId: number): Promise<PlayerAccountIds | undefined> {
  const k = knownFor(db);
  const remembered = k.players.get(playerId);
  if (remembered) return remembered;
  // The accounts take the currency from the player's row; no row, no accounts.
  await db.execute(
    sql`insert into wallet_accounts (player_id, kind, currency)
        select p.id, k.kind, p.currency from players p cross join (values ('real'), ('bonus'), ('locked')) as k(kind)
        where p.id = ${playerId}
        on conflict (player_id, kind) do nothing`,
  );
  // A separate statement: rows another instance inserted meanwhile are visible only to a new snapshot.
  const found = await rows<{ id: number; kind: string; currency: string }>(
    db,
    sql`select id, kind, currency from wallet_accounts where player_id = ${playerId}`,
  );
  if (found.length === 0) return undefined;
  const id = (kind: string) => {
    const row = found.find((r) => r.kind === kind);
    if (!row) throw new Error(`wallet account ${kind} of player ${playerId} is missing`);
    return Number(row.id);
  };
  const ids = { real: id('real'), bonus: id('bonus'), locked: id('locked'), currency: String(found[0]?.currency) };
  if (k.players.size >= MAX_REMEMBERED_PLAYERS) k.players.clear();
  k.players.set(playerId, ids);
  return ids;
}

/** The ids of the house and clearing shards of `currency`, creating them on first use. */
export function systemAccountIds(db: Db, currency: string): Promise<SystemAccountIds> {
  const k = knownFor(db);
  let pending = k.system.get(currency);
  if (!pending) {
    pending = (async () => {
      const values = [];
      for (const kind of ['house', 'clearing']) for (let shard = 0; shard < SYSTEM_SHARDS; shard++) values.push(sql`(${kind}, ${currency}, ${shard})`);
      await db.execute(
        sql`insert into wallet_accounts (kind, currency, shard) values ${sql.join(values, sql`, `)}
            on conflict (kind, currency, shard) where player_id is null do nothing`,
      );
      const found = await rows<{ id: number; kind: string; shard: number }>(
        db,
        sql`select id, kind, shard from wallet_accounts where player_id is null and currency = ${currency}`,
      );
      const ids: SystemAccountIds = { house: [], clearing: [] };
      for (const r of found) ids[r.kind as 'house' | 'clearing'][r.shard] = Number(r.id);
      return ids;
    })();
    k.system.set(currency, pending);
    pending.catch(() => {
      k.system.delete(currency);
    });
  }
  return pending;
}
