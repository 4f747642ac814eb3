// The lobby store (src/stores/games.ts) with fetch stubbed: what get_games is asked,
// the debounced search, the provider and group filters, paging without repeats, late
// answers dropped, errors and the retry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListedGame } from '../../src/shared/schemas/games.ts';
import { createGameList, filterCatalog, PAGE_SIZE, SEARCH_DEBOUNCE_MS, sectionsOf, thumbnailOf } from '../../src/stores/games.ts';
import { $visitor } from '../../src/stores/visitor.ts';
import { type ApiStub, deferred, stubApi } from '../helpers/api-stub.ts';

const game = (id: number, sections: string[] = []): ListedGame => ({
  id,
  name: `Game ${id}`,
  slug: `game-${id}`,
  external_game_id: `g${id}`,
  game_info: { thumbnail: `/thumbs/${id}.webp` },
  demo_url: '',
  provider_id: 1,
  provider_name: 'Studio',
  group_id: 1,
  type: 'online',
  sections,
});
const games = (from: number, count: number) => Array.from({ length: count }, (_, i) => game(from + i));
const page = (rows: ListedGame[], count: number) => ({ body: { status: 1, gameList: { count, rows } } });

let api: ApiStub;

beforeEach(() => {
  api = stubApi();
  $visitor.set({ ip: '203.0.113.9', countryCode: 'FI', ready: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const gamesCalls = () => api.sent.filter((s) => s.path === 'front/get_games' && s.body.itemsPerPage !== 100).map((s) => s.body);

describe('games store (createGameList)', () => {
  it('starts from the build’s games, then asks for the visitor’s country with the real page size', async () => {
    const lobby = createGameList({ type: 'online', games: games(1, 30), count: 30, providers: [{ id: 1, provider_name: 'Studio' }] });
    expect(lobby.$grid.get()).toMatchObject({ perPage: PAGE_SIZE.wide, count: 30, ended: false });
    expect(lobby.$grid.get().games).toHaveLength(24);
    api.answers['front/get_games'] = (body) => (body.itemsPerPage === 100 ? page(games(1, 31), 31) : page(games(1, 12), 31));
    api.answers['front/get_game_providers'] = { body: { status: 1, gameProviderList: [{ id: 2, provider_name: 'Other' }] } };
    const started = lobby.start(PAGE_SIZE.narrow);
    // The narrow first page shows at once, before any answer.
    expect(lobby.$grid.get().games.map((g) => g.id)).toEqual(games(1, 12).map((g) => g.id));
    await started;
    expect(gamesCalls()).toEqual([{ filterGame: '', filterProvider: 0, type: 'online', page: 1, itemsPerPage: 12, country: 'FI' }]);
    expect(api.sent.find((s) => s.path === 'front/get_game_providers')?.body).toEqual({ type: 'online', country: 'FI', status: 'activated' });
    expect(lobby.$grid.get()).toMatchObject({ count: 31, loading: false, error: false, ended: false, perPage: 12 });
    expect(lobby.$catalog.get()).toHaveLength(31);
    expect(lobby.$providers.get()).toEqual([{ id: 2, provider_name: 'Other' }]);
  });

  it('keeps the build’s catalogue and providers when the API fails, and shows the grid’s error', async () => {
    const lobby = createGameList({ type: 'live', games: games(1, 5), count: 5, providers: [{ id: 1, provider_name: 'Studio' }] });
    api.answers['front/get_games'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    api.answers['front/get_game_providers'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    await lobby.start(PAGE_SIZE.wide);
    expect(lobby.$catalog.get()).toHaveLength(5);
    expect(lobby.$providers.get()).toEqual([{ id: 1, provider_name: 'Studio' }]);
    // keep: the shown games stay under the error.
    expect(lobby.$grid.get()).toMatchObject({ loading: false, error: true });
    expect(lobby.$grid.get().games).toHaveLength(5);
  });

  it('searches 300 ms after the last key, trimmed, from page 1', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const lobby = createGameList({ type: 'online', games: games(1, 24), count: 50, providers: [] });
    api.answers['front/get_games'] = page([game(40)], 1);
    lobby.search('b');
    lobby.search('bo');
    lobby.search(' book ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(api.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(lobby.$grid.get().loading).toBe(false));
    expect(gamesCalls()).toEqual([{ filterGame: 'book', filterProvider: 0, type: 'online', page: 1, itemsPerPage: 24 }]);
    expect(lobby.$grid.get()).toMatchObject({ count: 1, ended: true, query: { group: 0, search: 'book', provider: 0 } });
    expect(lobby.$grid.get().games.map((g) => g.id)).toEqual([40]);
    // The same text again asks nothing.
    lobby.search('book');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(api.sent).toHaveLength(1);
  });

  it('filters by provider and group, and drops the answer to an older query', async () => {
    const lobby = createGameList({ type: 'online', games: games(1, 24), count: 50, providers: [] });
    const slow = deferred<{ body: unknown }>();
    api.answers['front/get_games'] = (body) => (body.filterProvider === 3 && body.filterGroup === undefined ? slow.promise : page([game(90)], 1));
    lobby.chooseProvider(3);
    expect(lobby.$grid.get()).toMatchObject({ games: [], loading: true });
    lobby.chooseGroup(5);
    await vi.waitFor(() => expect(lobby.$grid.get().loading).toBe(false));
    slow.resolve(page([game(70), game(71)], 2));
    await new Promise((r) => setTimeout(r, 10));
    expect(gamesCalls()).toEqual([
      { filterGame: '', filterProvider: 3, type: 'online', page: 1, itemsPerPage: 24 },
      { filterGame: '', filterProvider: 3, filterGroup: 5, type: 'online', page: 1, itemsPerPage: 24 },
    ]);
    expect(lobby.$grid.get().games.map((g) => g.id)).toEqual([90]);
    expect(lobby.$grid.get().count).toBe(1);
  });

  it('pages on without showing a game twice, and ends on a short page', async () => {
    const lobby = createGameList({ type: 'online', games: games(1, 24), count: 50, providers: [] });
    // A game was added in front: page 2 starts with the last game of page 1.
    api.answers['front/get_games'] = (body) => (body.page === 2 ? page(games(24, 24), 51) : page(games(48, 3), 51));
    await lobby.next();
    expect(lobby.$grid.get().games).toHaveLength(47);
    expect(new Set(lobby.$grid.get().games.map((g) => g.id)).size).toBe(47);
    expect(lobby.$grid.get()).toMatchObject({ ended: false, count: 51 });
    api.answers['front/get_games'] = page(games(48, 3), 51);
    await lobby.next();
    // The page after the last one loaded, not page 2 again (47 games shown would count to page 2).
    expect(gamesCalls().map((b) => b.page)).toEqual([2, 3]);
    expect(lobby.$grid.get()).toMatchObject({ ended: true });
    expect(
      lobby.$grid
        .get()
        .games.map((g) => g.id)
        .slice(-3),
    ).toEqual([48, 49, 50]);
    // An ended list asks nothing more.
    const asked = api.sent.length;
    await lobby.next();
    expect(api.sent).toHaveLength(asked);
  });

  it('stops paging after an error until retry asks for the failed page again', async () => {
    const lobby = createGameList({ type: 'online', games: games(1, 24), count: 48, providers: [] });
    api.answers['front/get_games'] = { body: { status: 0, message: 'refused' } };
    await lobby.next();
    expect(lobby.$grid.get()).toMatchObject({ error: true, loading: false });
    await lobby.next();
    expect(gamesCalls()).toHaveLength(1);
    api.answers['front/get_games'] = page(games(25, 24), 48);
    await lobby.retry();
    expect(gamesCalls().map((b) => b.page)).toEqual([2, 2]);
    expect(lobby.$grid.get()).toMatchObject({ error: false, ended: true });
    expect(lobby.$grid.get().games).toHaveLength(48);
  });

  it('more() turns on scrolling; a new query turns it off', () => {
    const lobby = createGameList({ type: 'online', games: games(1, 24), count: 48, providers: [] });
    api.answers['front/get_games'] = page([], 0);
    lobby.more();
    expect(lobby.$grid.get().scrolling).toBe(true);
    lobby.chooseProvider(2);
    expect(lobby.$grid.get().scrolling).toBe(false);
  });
});

describe('games store helpers', () => {
  it('thumbnailOf reads the first value of game_info, object or JSON text', () => {
    expect(thumbnailOf(game(1))).toBe('/thumbs/1.webp');
    expect(thumbnailOf({ game_info: '{"thumbnail":"/t.png"}' as unknown as ListedGame['game_info'] })).toBe('/t.png');
    expect(thumbnailOf({ game_info: 'not json' as unknown as ListedGame['game_info'] })).toBeUndefined();
    expect(thumbnailOf({ game_info: { thumbnail: '' } })).toBeUndefined();
  });

  it('sectionsOf keeps the lobby’s sections in order, non-empty, at most 24 games each', () => {
    const list = [...Array.from({ length: 30 }, (_, i) => game(i + 1, ['megaways'])), game(99, ['mini_games', 'megaways'])];
    const sections = sectionsOf('online', list);
    expect(sections.map((s) => s.name)).toEqual(['mini_games', 'megaways']);
    expect(sections[0]?.games.map((g) => g.id)).toEqual([99]);
    expect(sections[1]?.games).toHaveLength(24);
    expect(sectionsOf('live', list)).toEqual([]);
  });

  it('answers a filter from the whole catalogue at once, without a call, once it holds every game', async () => {
    // 250 games in three pages of the catalogue refresh; every third from provider 2, every tenth named "Gold".
    const all = Array.from({ length: 250 }, (_, i) => ({
      ...game(i + 1),
      provider_id: i % 3 === 0 ? 2 : 1,
      name: i % 10 === 0 ? `Gold ${i + 1}` : `Game ${i + 1}`,
    }));
    const lobby = createGameList({ type: 'online', games: all.slice(0, 24), count: 250, providers: [] });
    api.answers['front/get_games'] = (body) => {
      const from = ((body.page as number) - 1) * (body.itemsPerPage as number);
      return page(all.slice(from, from + (body.itemsPerPage as number)), 250);
    };
    api.answers['front/get_game_providers'] = { body: { status: 1, gameProviderList: [] } };
    await lobby.start(PAGE_SIZE.wide);
    expect(lobby.$catalog.get()).toHaveLength(250);
    const calls = api.sent.length;
    lobby.chooseProvider(2);
    // Synchronously: the first page of provider 2's 84 games, in lobby order.
    expect(lobby.$grid.get()).toMatchObject({ count: 84, loading: false, ended: false, page: 1 });
    expect(lobby.$grid.get().games.map((g) => g.id)).toEqual(
      all
        .filter((g) => g.provider_id === 2)
        .slice(0, 24)
        .map((g) => g.id),
    );
    expect(api.sent.length).toBe(calls);
    expect(filterCatalog(all, { group: 0, search: 'GOLD', provider: 2 }, 24)).toEqual({
      games: all.filter((g) => g.provider_id === 2 && g.name.startsWith('Gold')),
      count: 9,
    });
    expect(filterCatalog(all, { group: 5, search: '', provider: 0 }, 24)).toEqual({ games: [], count: 0 });
  });
});
