// A lobby page's lists: the games of the chosen group (searched, filtered by
// provider, paged), the named sections and the providers. One lobby per island,
// made by createGameList() from the data the build rendered, so that the first client
// render matches the HTML and the refresh from the API replaces it quietly.
import { atom, map } from 'nanostores';
import { call } from '../lib/api.ts';
import type { Provider } from '../shared/contract/games.ts';
import type { ListedGame } from '../shared/schemas/games.ts';
import { $visitor } from './visitor.ts';

export type GameListType = 'online' | 'live';

export type { Provider } from '../shared/contract/games.ts';

/** The named sections of SPEC §1, in display order, per lobby. */
export const SECTIONS: Record<GameListType, readonly string[]> = {
  online: ['mini_games', 'top_casino_games', 'popular_casino', 'new_games', 'bonus_buy', 'megaways', 'jackpot_games'],
  live: ['live_roulette', 'blackjack', 'poker', 'baccarat'],
};

/** Games shown in one section row at most. */
export const SECTION_LIMIT = 24;

/**
 * Games of each section row in the prerendered page: a wide screen's row. The rest of a
 * row arrives with the lobby's refresh once the visitor reaches for it (the page's HTML
 * and the island's props stay a third of the size, and so does the work of showing them).
 */
export const SECTION_FIRST_SCREEN = 6;

/** Contract §6.1: 6 per row × 4 rows at 990 px and wider, 3 × 4 below. */
export const WIDE_QUERY = '(min-width: 990px)';
export const PAGE_SIZE = { wide: 24, narrow: 12 } as const;

/** The search box waits this long after the last key (contract §6.1). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The catalogue refresh asks for this many games at once (the API's limit). */
const CATALOG_SIZE = 100;

/** How long the first refresh waits for the visitor's country before asking without it. */
const COUNTRY_WAIT_MS = 3000;

export interface GameQuery {
  /** Game group id; 0 for all games of the lobby. */
  group: number;
  search: string;
  provider: number;
}

export interface GameGrid {
  query: GameQuery;
  perPage: number;
  games: ListedGame[];
  /** All matches, as get_games counts them. */
  count: number;
  loading: boolean;
  error: boolean;
  /** Every match is shown (or a page came back empty). */
  ended: boolean;
  /** "More games" was pressed: later pages load as the player scrolls. */
  scrolling: boolean;
  /**
   * The last page loaded at this page size. The next page is the one after it, not one
   * counted from the games shown: a game added between two pages makes the later page
   * repeat one already shown, which is dropped, and counting would ask that page again.
   */
  page: number;
}

/** The thumbnail URL: the first value of game_info, which may also arrive as a JSON string. */
export function thumbnailOf(game: Pick<ListedGame, 'game_info'>): string | undefined {
  let info: unknown = game.game_info;
  if (typeof info === 'string') {
    try {
      info = JSON.parse(info);
    } catch {
      return undefined;
    }
  }
  const first = info && typeof info === 'object' ? Object.values(info)[0] : undefined;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/** The non-empty sections of a lobby, each with its first games in lobby order. */
export function sectionsOf(type: GameListType, games: readonly ListedGame[], limit = SECTION_LIMIT): { name: string; games: ListedGame[] }[] {
  return SECTIONS[type].map((name) => ({ name, games: games.filter((g) => g.sections.includes(name)).slice(0, limit) })).filter((s) => s.games.length > 0);
}

/**
 * One page of the games of a complete catalogue that match a query, and how many match,
 * as front/get_games answers it: lobby order, the name searched without regard to case.
 * One pass and no copies, so 5,000 games filter well within a frame.
 */
export function filterCatalog(games: readonly ListedGame[], query: GameQuery, perPage: number): { games: ListedGame[]; count: number } {
  const search = query.search.toLowerCase();
  const page: ListedGame[] = [];
  let count = 0;
  for (const g of games) {
    if (query.group && g.group_id !== query.group) continue;
    if (query.provider && g.provider_id !== query.provider) continue;
    if (search && !g.name.toLowerCase().includes(search)) continue;
    if (page.length < perPage) page.push(g);
    count++;
  }
  return { games: page, count };
}

/** The visitor's country once the visitor check has found it (or given up), or after 3 s. */
function visitorCountry(): Promise<string | undefined> {
  const known = () => $visitor.get().countryCode || undefined;
  if ($visitor.get().ready) return Promise.resolve(known());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unbind();
      resolve(known());
    };
    const timer = setTimeout(done, COUNTRY_WAIT_MS);
    const unbind = $visitor.listen((v) => {
      if (v.ready) done();
    });
  });
}

export interface GameListInit {
  type: GameListType;
  /** Games the build rendered, lobby order: at least the first page and the sections. */
  games: ListedGame[];
  /** How many games the lobby has in all (the first page's count). */
  count: number;
  providers: Provider[];
}

export type GameList = ReturnType<typeof createGameList>;

/** A lobby's stores and actions, starting from what the build rendered. */
export function createGameList(init: GameListInit) {
  const { type } = init;
  const query: GameQuery = { group: 0, search: '', provider: 0 };
  const first = init.games.slice(0, PAGE_SIZE.wide);
  const $grid = map<GameGrid>({
    query,
    perPage: PAGE_SIZE.wide,
    games: first,
    count: init.count,
    loading: false,
    error: false,
    ended: first.length >= init.count,
    scrolling: false,
    page: first.length > 0 ? 1 : 0,
  });
  /** Every game of the lobby the visitor may see, lobby order (sections, and reopening ?play). */
  const $catalog = atom<ListedGame[]>(init.games);
  const $providers = atom<Provider[]>(init.providers);

  let country: string | undefined;
  // Answers to an older query are dropped when they arrive late.
  let generation = 0;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;

  async function loadPage(page: number): Promise<void> {
    const gen = generation;
    const { query: q, perPage } = $grid.get();
    $grid.set({ ...$grid.get(), loading: true, error: false });
    try {
      const reply = await call('front/get_games', {
        filterGame: q.search,
        filterProvider: q.provider,
        filterGroup: q.group || undefined,
        type,
        page,
        itemsPerPage: perPage,
        country,
      });
      if (gen !== generation) return;
      if (reply.status !== 1 || !reply.gameList) throw new Error('get_games refused');
      const { rows, count } = reply.gameList;
      const before = page === 1 ? [] : $grid.get().games;
      // Games added or removed between two pages shift the pages; never show one twice.
      const seen = new Set(before.map((g) => g.id));
      const games = [...before, ...rows.filter((g) => !seen.has(g.id))];
      $grid.set({ ...$grid.get(), games, count, page, loading: false, ended: rows.length === 0 || rows.length < perPage || games.length >= count });
    } catch {
      if (gen !== generation) return;
      $grid.set({ ...$grid.get(), loading: false, error: true });
    }
  }

  /** Starts the list over for a new query or page size; `keep` leaves the shown games until the answer. */
  function reload(changes: Partial<Pick<GameGrid, 'query' | 'perPage'>>, keep = false): Promise<void> {
    generation++;
    const g = $grid.get();
    $grid.set({ ...g, ...changes, games: keep ? g.games : [], count: keep ? g.count : 0, ended: false, scrolling: false, error: false });
    return loadPage(1);
  }

  // How many games the lobby has in all: when the catalogue holds every one, a query is
  // answered from it at once, without a call.
  let total = init.count;

  function setQuery(changes: Partial<GameQuery>): void {
    const q = { ...$grid.get().query, ...changes };
    const current = $grid.get().query;
    if (q.group === current.group && q.search === current.search && q.provider === current.provider) return;
    const catalog = $catalog.get();
    if (catalog.length === 0 || catalog.length !== total) {
      void reload({ query: q });
      return;
    }
    // The catalogue was read for this visitor's country, in lobby order: its answer is the API's.
    // Later pages ("More games") still come from the API, in the same order.
    const { perPage } = $grid.get();
    const local = filterCatalog(catalog, q, perPage);
    generation++;
    $grid.set({
      ...$grid.get(),
      query: q,
      games: local.games,
      count: local.count,
      page: local.games.length > 0 ? 1 : 0,
      ended: local.games.length >= local.count,
      scrolling: false,
      error: false,
      loading: false,
    });
  }

  async function refreshCatalog(): Promise<void> {
    try {
      // Page by page: a catalogue larger than one answer is read whole, for the sections and the instant filter.
      const games: ListedGame[] = [];
      for (let page = 1; ; page++) {
        const reply = await call('front/get_games', { type, page, itemsPerPage: CATALOG_SIZE, country });
        if (reply.status !== 1 || !reply.gameList) return;
        games.push(...reply.gameList.rows);
        total = reply.gameList.count;
        if (reply.gameList.rows.length < CATALOG_SIZE || games.length >= total) break;
      }
      $catalog.set(games);
    } catch {
      // The build's list stays; the grid shows its own error if the API is down.
    }
  }

  async function refreshProviders(): Promise<void> {
    try {
      const reply = await call('front/get_game_providers', { type, country, status: 'activated' });
      if (reply.status === 1 && reply.gameProviderList) $providers.set(reply.gameProviderList);
    } catch {
      // Keep the build's providers.
    }
  }

  /** The next page, unless one is loading, the list has ended or the last call failed. */
  function next(): Promise<void> {
    const g = $grid.get();
    if (g.loading || g.ended || g.error) return Promise.resolve();
    return loadPage(g.page + 1);
  }

  return {
    $grid,
    $catalog,
    $providers,

    /** In the browser, once: the real page size, then the lists for the visitor's country. */
    async start(perPage: number): Promise<void> {
      // The build rendered a wide page; a narrow window shows its own first page at once.
      const g = $grid.get();
      const games = g.games.slice(0, perPage);
      $grid.set({ ...g, perPage, games, page: games.length > 0 ? 1 : 0, ended: games.length >= g.count });
      country = await visitorCountry();
      await Promise.all([reload({ perPage }, true), refreshCatalog(), refreshProviders()]);
    },

    /** A different page size (the window crossed 990 px): the shown games stay, later pages follow the new size. */
    setPerPage(perPage: number): void {
      // The pages of the new size that the shown games already fill count as loaded.
      const g = $grid.get();
      if (g.perPage !== perPage) $grid.set({ ...g, perPage, page: Math.floor(g.games.length / perPage) });
    },

    chooseGroup(group: number): void {
      setQuery({ group });
    },

    chooseProvider(provider: number): void {
      setQuery({ provider });
    },

    /** The search box's text; the list follows 300 ms after the last change. */
    search(text: string): void {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => setQuery({ search: text.trim() }), SEARCH_DEBOUNCE_MS);
    },

    /** "More games": from now on the next page loads when the end of the list scrolls into view. */
    more(): void {
      $grid.setKey('scrolling', true);
    },

    next,

    /** After an error: the page that failed, again. */
    retry(): Promise<void> {
      const g = $grid.get();
      if (g.loading) return Promise.resolve();
      return loadPage(g.games.length === 0 ? 1 : g.page + 1);
    },
  };
}
