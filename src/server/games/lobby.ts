// What the lobby lists: active games of active providers, minus those blocked in the
// visitor's country, searched, filtered and paged in lobby order.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { LobbyGame } from '../../shared/schemas/games.ts';
import type { Executor } from '../db/client.ts';
import { gameProviders, games } from '../db/schema/index.ts';
import type { GameType } from '../db/schema/games.ts';

export interface GameFilter {
  search?: string;
  providerId?: number;
  groupId?: number;
  section?: string;
  type?: GameType;
  /** ISO alpha-2, upper case: games and providers blocked there are left out. */
  country?: string | undefined;
}

/** LIKE's wildcards typed by a player match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(f: GameFilter): SQL[] {
  const where: SQL[] = [eq(games.status, 'activated'), eq(gameProviders.status, 'activated')];
  if (f.type) where.push(eq(games.type, f.type));
  if (f.groupId) where.push(eq(games.groupId, f.groupId));
  if (f.providerId) where.push(eq(games.providerId, f.providerId));
  if (f.section) where.push(sql`${f.section} = any(${games.sections})`);
  if (f.search) where.push(sql`${games.name} ilike ${likePattern(f.search)}`);
  if (f.country) {
    where.push(sql`not (${f.country} = any(${games.blockedCountries}))`);
    where.push(sql`not (${f.country} = any(${gameProviders.blockedCountries}))`);
  }
  return where;
}

const lobbyColumns = {
  id: games.id,
  name: games.name,
  slug: games.slug,
  externalGameId: games.externalGameId,
  thumbnail: games.thumbnail,
  engine: games.engine,
  providerId: games.providerId,
  providerName: gameProviders.providerName,
  groupId: games.groupId,
  type: games.type,
  sections: games.sections,
};

type LobbyRow = { [K in keyof typeof lobbyColumns]: (typeof lobbyColumns)[K]['_']['data'] };

/** The contract's game object. */
function toLobbyGame(r: LobbyRow): LobbyGame {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    external_game_id: r.externalGameId,
    game_info: { thumbnail: r.thumbnail },
    demo_url: `/play/${r.engine}#demo=${r.slug}`,
    provider_id: r.providerId,
    provider_name: r.providerName,
    group_id: r.groupId,
    type: r.type,
    sections: r.sections,
  };
}

/** One page of matching games and how many match in all. */
export async function listGames(db: Executor, filter: GameFilter, page: number, perPage: number): Promise<{ count: number; rows: LobbyGame[] }> {
  const where = and(...conditions(filter));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(games).innerJoin(gameProviders, eq(gameProviders.id, games.providerId)).where(where);
  const rows = await db
    .select(lobbyColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(where)
    .orderBy(asc(games.position), asc(games.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { count: total?.n ?? 0, rows: rows.map(toLobbyGame) };
}

/** Every listed game, for the build's snapshot (no country: the static page is the same everywhere). */
export async function allLobbyGames(db: Executor): Promise<LobbyGame[]> {
  const rows = await db
    .select(lobbyColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...conditions({})))
    .orderBy(asc(games.position), asc(games.id));
  return rows.map(toLobbyGame);
}

/** Active providers with at least one game listed for `type` in `country`. */
export async function listProviders(db: Executor, filter: Pick<GameFilter, 'type' | 'country'>): Promise<{ id: number; provider_name: string }[]> {
  return db
    .selectDistinct({ id: gameProviders.id, provider_name: gameProviders.providerName, position: gameProviders.position })
    .from(gameProviders)
    .innerJoin(games, eq(gameProviders.id, games.providerId))
    .where(and(...conditions(filter)))
    .orderBy(asc(gameProviders.position), asc(gameProviders.providerName))
    .then((rows) => rows.map(({ id, provider_name }) => ({ id, provider_name })));
}

/** A game that may be launched in `country`, by its provider id or its slug. */
export async function findLaunchableGame(db: Executor, by: { externalId?: string | undefined; slug?: string | undefined }, country: string | undefined) {
  const where = conditions({ country });
  if (by.externalId !== undefined) where.push(eq(games.externalGameId, by.externalId));
  else if (by.slug !== undefined) where.push(eq(games.slug, by.slug));
  const [row] = await db
    .select({ ...lobbyColumns, config: games.config })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...where))
    .limit(1);
  return row;
}
