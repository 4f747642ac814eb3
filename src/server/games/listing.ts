// What the lobby lists: active games of active providers, minus those blocked in the
// visitor's country, searched, filtered and paged in lobby order.
//
// front/get_games is the site's busiest call, and the catalogue changes seldom: each
// process keeps the listed games in memory, in lobby order, and filters them there. A
// statement trigger on games and game_providers bumps catalogue_version (migration
// 0023), which every call reads first (one row by its key); a new version reloads the
// list, so a change by any process or by hand in the database shows on the next call.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ListedGame } from '../../shared/schemas/games.ts';
import type { Executor } from '../db/client.ts';
import { catalogueVersion, gameProviders, games } from '../db/schema/index.ts';
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

const listedColumns = {
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

type ListedRow = { [K in keyof typeof listedColumns]: (typeof listedColumns)[K]['_']['data'] };

/** The contract's game object. */
function toListedGame(r: ListedRow): ListedGame {
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

/** A listed game with what the lobby filters it by. */
interface Listed {
  game: ListedGame;
  /** Lower case, for a search that ignores case as ILIKE does. */
  name: string;
  blocked: ReadonlySet<string>;
}

interface Cached {
  version: number;
  listed: Listed[];
}

// One list per database, whichever server context asked.
const cached = new WeakMap<object, Promise<Cached>>();

// The version is read on every call: prepared once per database.
const versionQueries = new WeakMap<object, { execute(): Promise<{ version: number }[]> }>();

function versionQuery(db: Executor) {
  let query = versionQueries.get(db);
  if (!query) {
    query = db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1)).prepare('lobby_catalogue_version');
    versionQueries.set(db, query);
  }
  return query;
}

/** The listed games of the current catalogue version, reloaded when it changed. */
async function listedGames(db: Executor): Promise<Listed[] | undefined> {
  const [row] = await versionQuery(db).execute();
  // No version row (a database not migrated that far): no cache to trust.
  if (!row) return undefined;
  let entry = cached.get(db);
  const known = entry ? await entry.catch(() => undefined) : undefined;
  if (known?.version === row.version) return known.listed;
  // The version was read before the games, so the list is never older than its label.
  entry = db
    .select({ ...listedColumns, gameBlocked: games.blockedCountries, providerBlocked: gameProviders.blockedCountries })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.status, 'activated'), eq(gameProviders.status, 'activated')))
    .orderBy(asc(games.position), asc(games.id))
    .then((found) => ({
      version: row.version,
      listed: found.map(({ gameBlocked, providerBlocked, ...r }) => ({
        game: toListedGame(r),
        name: r.name.toLowerCase(),
        blocked: new Set([...gameBlocked, ...providerBlocked]),
      })),
    }));
  cached.set(db, entry);
  return (await entry).listed;
}

/** Whether a listed game matches a filter, as the SQL conditions say it. */
function matches(l: Listed, f: GameFilter, search: string | undefined): boolean {
  const g = l.game;
  return (
    (!f.type || g.type === f.type) &&
    (!f.groupId || g.group_id === f.groupId) &&
    (!f.providerId || g.provider_id === f.providerId) &&
    (!f.section || g.sections.includes(f.section)) &&
    (!search || l.name.includes(search)) &&
    (!f.country || !l.blocked.has(f.country))
  );
}

/** One page of matching games and how many match in all. */
export async function listGames(db: Executor, filter: GameFilter, page: number, perPage: number): Promise<{ count: number; rows: ListedGame[] }> {
  const listed = await listedGames(db);
  if (listed) {
    const search = filter.search?.toLowerCase();
    const from = (page - 1) * perPage;
    const rows: ListedGame[] = [];
    let count = 0;
    for (const l of listed) {
      if (!matches(l, filter, search)) continue;
      if (count >= from && rows.length < perPage) rows.push(l.game);
      count++;
    }
    return { count, rows };
  }
  return listGamesInDatabase(db, filter, page, perPage);
}

/** The same page, asked of the database (the reference the memory is tested against). */
export async function listGamesInDatabase(db: Executor, filter: GameFilter, page: number, perPage: number): Promise<{ count: number; rows: ListedGame[] }> {
  const where = and(...conditions(filter));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(games).innerJoin(gameProviders, eq(gameProviders.id, games.providerId)).where(where);
  const rows = await db
    .select(listedColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(where)
    .orderBy(asc(games.position), asc(games.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { count: total?.n ?? 0, rows: rows.map(toListedGame) };
}

/** Every listed game, for the build's snapshot (no country: the static page is the same everywhere). */
export async function allListedGames(db: Executor): Promise<ListedGame[]> {
  const rows = await db
    .select(listedColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...conditions({})))
    .orderBy(asc(games.position), asc(games.id));
  return rows.map(toListedGame);
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
    .select({ ...listedColumns, config: games.config })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...where))
    .limit(1);
  return row;
}
