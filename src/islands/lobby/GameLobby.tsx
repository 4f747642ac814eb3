import { useStore } from '@nanostores/react';
import { type CSSProperties, type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { type GroupTheme, THEME_LOOK } from '../../shared/game-themes.ts';
import type { Locale } from '../../shared/locales.ts';
import type { ListedGame } from '../../shared/schemas/games.ts';
import { type LaunchableGame, launchGame, resumeFromAddress } from '../../stores/game.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { createGameList, type GameListType, PAGE_SIZE, type Provider, sectionsOf, thumbnailOf, WIDE_QUERY } from '../../stores/games.ts';
import { $session } from '../../stores/session.ts';
import { $gamePlay, type PlayMode } from '../../stores/ui.ts';
import { useTypedBeforeHydration } from '../forms/typed-before-hydration.ts';
import { FreePlayNotice } from './FreePlayNotice.tsx';
import './lobby.css';
import { commonText, lobbyText } from './text.ts';

// The player's code loads when a game is opened and shows the moment it is in (src/lib/on-demand.ts).
const gamePlayer = onDemand(() => import('./GamePlayer.tsx'));

type LobbyText = ReturnType<typeof lobbyText.get>;

/** Cards of the first row get their pictures at once; the rest when scrolled near. */
const EAGER_CARDS = 6;

interface Props {
  locale: Locale;
  type: GameListType;
  /** The lobby's game groups with their translated labels and type themes, display order. */
  groups: { id: number; label: string; theme: GroupTheme }[];
  /** Games the build rendered, lobby order: the first page and every section. */
  games: ListedGame[];
  /** All games of the lobby. */
  count: number;
  providers: Provider[];
}

function play(game: LaunchableGame, mode: PlayMode) {
  void launchGame(game, mode);
}

interface CardProps {
  game: ListedGame;
  t: LobbyText;
  eager: boolean;
  index?: number;
  /** Its group's type theme: the tile's accent. */
  theme?: GroupTheme | undefined;
}

/**
 * A theme's accent colour and icon, as the custom properties its tab, heading and tiles read
 * (the icon is drawn by CSS, decorative: the words beside it name the group).
 */
const accent = (theme: GroupTheme | undefined) =>
  theme ? ({ '--theme-accent': THEME_LOOK[theme].accent, '--theme-icon': JSON.stringify(THEME_LOOK[theme].icon) } as CSSProperties) : undefined;

/** The same game, shown the same way: the refresh from the API brings new objects for the same games. */
const sameCard = (a: CardProps, b: CardProps) =>
  a.t === b.t &&
  a.eager === b.eager &&
  a.index === b.index &&
  a.theme === b.theme &&
  a.game.id === b.game.id &&
  a.game.name === b.game.name &&
  a.game.slug === b.game.slug &&
  a.game.provider_name === b.game.provider_name &&
  a.game.external_game_id === b.game.external_game_id &&
  a.game.demo_url === b.game.demo_url &&
  a.game.type === b.game.type &&
  (a.game.game_info === b.game.game_info || thumbnailOf(a.game) === thumbnailOf(b.game));

const GameCard = memo(function GameCard({ game, t, eager, index, theme }: CardProps) {
  const thumbnail = thumbnailOf(game);
  return (
    <li className="game-card" data-index={index} data-theme={theme} style={accent(theme)}>
      <div className="game-thumb">
        {thumbnail && <img src={thumbnail} alt={game.name} width={320} height={240} loading={eager ? 'eager' : 'lazy'} decoding="async" />}
      </div>
      <p className="game-name">{game.name}</p>
      <p className="game-provider">{game.provider_name}</p>
      <div className="game-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => play(game, 'real')}>
          {t.real_play}
          <span className="visually-hidden"> – {game.name}</span>
        </button>
        <button type="button" className="btn btn-light btn-small" onClick={() => play(game, 'fun')}>
          {t.fun_play}
          <span className="visually-hidden"> – {game.name}</span>
        </button>
      </div>
    </li>
  );
}, sameCard);

function Skeletons({ count }: { count: number }) {
  return (
    <ul className="game-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li className="game-card skeleton" key={i}>
          <div className="game-thumb" />
          <p className="game-name" />
          <p className="game-provider" />
        </li>
      ))}
    </ul>
  );
}

/** A lobby page's games: group tabs, search, provider filter, named sections, the paged grid, and the player. */
export default function GameLobby({ locale, type, groups, games, count, providers: builtProviders }: Props) {
  syncLocale(locale);
  const [lobby] = useState(() => createGameList({ type, games, count, providers: builtProviders }));
  const t = useStore(lobbyText);
  const sectionName = (name: string) => {
    const text = (t as Record<string, unknown>)[name];
    return typeof text === 'string' ? text : name;
  };
  const c = useStore(commonText);
  const grid = useStore(lobby.$grid);
  const catalog = useStore(lobby.$catalog);
  const providers = useStore(lobby.$providers);
  const playing = useStore($gamePlay);
  const GamePlayer = useOnDemand(playing ? gamePlayer : undefined);
  // The build rendered a guest; the session is only known in the browser.
  const session = useStore($session, { ssr: 'initial' });
  const [hydrated, setHydrated] = useState(false);
  const [searchText, setSearchText] = useState('');
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** After "More games", focus moves to the first new card (the button it pressed is gone). */
  const focusFrom = useRef<number | null>(null);
  const id = useId();
  const filters = useRef<HTMLFormElement>(null);
  // The lobby hydrates when reached: often by the search box's focus, typed into at once.
  useTypedBeforeHydration(filters, ({ q, provider }) => {
    if (typeof q === 'string') {
      setSearchText(q);
      lobby.search(q);
    }
    if (typeof provider === 'string') lobby.chooseProvider(Number(provider));
  });

  useEffect(() => {
    setHydrated(true);
    const wide = matchMedia(WIDE_QUERY);
    const size = () => (wide.matches ? PAGE_SIZE.wide : PAGE_SIZE.narrow);
    const started = lobby.start(size());
    const find = (slug: string) => lobby.$catalog.get().find((g) => g.slug === slug);
    const wanted = new URLSearchParams(location.search).get('play');
    // A game in the address reopens at once when the build knew it, else once the list is fresh.
    if (wanted) void (find(wanted) ? resumeFromAddress(find) : started.then(() => resumeFromAddress(find)));
    const resize = () => lobby.setPerPage(size());
    wide.addEventListener('change', resize);
    return () => wide.removeEventListener('change', resize);
  }, [lobby]);

  // Infinite scroll, once "More games" was pressed: a fresh observer after every load
  // reports at once whether the end of the list is still in view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !grid.scrolling || grid.ended || grid.loading || grid.error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void lobby.next();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [lobby, grid.scrolling, grid.ended, grid.loading, grid.error]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || grid.loading) return;
    focusFrom.current = null;
    list.current?.querySelector<HTMLElement>(`[data-index="${from}"] button`)?.focus();
  }, [grid.loading]);

  const filtered = grid.query.search !== '' || grid.query.provider !== 0;
  const sections = grid.query.group === 0 && !filtered ? sectionsOf(type, catalog) : [];
  const active = groups.find((g) => g.id === grid.query.group);
  const activeLabel = active?.label ?? t.all_games;
  const themeOf = (g: ListedGame) => groups.find((group) => group.id === g.group_id)?.theme;
  const showMore = !grid.scrolling && !grid.ended && !grid.loading && !grid.error && grid.games.length > 0;
  const empty = grid.games.length === 0;

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    lobby.search(searchText);
  }

  function more() {
    focusFrom.current = grid.games.length;
    lobby.more();
  }

  let status = '';
  if (grid.loading) status = c.loading;
  else if (filtered && !grid.error) status = t.results_count(grid.count);

  return (
    <>
      {playing && GamePlayer && <GamePlayer />}
      {!playing && !session.loggedIn && <FreePlayNotice className="lobby-notice" />}

      {groups.length > 0 && (
        <fieldset className="group-tabs">
          <legend className="visually-hidden">{t.game_groups}</legend>
          {[{ id: 0, label: t.all_games, theme: undefined }, ...groups].map((g) => (
            <button
              key={g.id}
              type="button"
              className="chip"
              data-theme={g.theme}
              style={accent(g.theme)}
              aria-pressed={grid.query.group === g.id}
              onClick={() => lobby.chooseGroup(g.id)}
            >
              {g.label}
            </button>
          ))}
        </fieldset>
      )}

      <search>
        <form ref={filters} className="lobby-filters" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor={`${id}-search`}>{t.search}</label>
            <input
              id={`${id}-search`}
              type="search"
              name="q"
              autoComplete="off"
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value);
                lobby.search(e.target.value);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-provider`}>{t.provider}</label>
            <select id={`${id}-provider`} name="provider" value={grid.query.provider} onChange={(e) => lobby.chooseProvider(Number(e.target.value))}>
              <option value={0}>{t.all_providers}</option>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.provider_name}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>

      {sections.map((s, si) => (
        <section key={s.name} className="lobby-section" aria-labelledby={`${id}-${s.name}`}>
          <h2 id={`${id}-${s.name}`}>{sectionName(s.name)}</h2>
          <ul className="game-row">
            {s.games.map((g, i) => (
              <GameCard key={g.id} game={g} t={t} eager={si === 0 && i < EAGER_CARDS} theme={themeOf(g)} />
            ))}
          </ul>
        </section>
      ))}

      <section className="lobby-games" aria-labelledby={`${id}-games`} aria-busy={grid.loading}>
        <h2 id={`${id}-games`} className="lobby-heading" data-theme={active?.theme} style={accent(active?.theme)}>
          {activeLabel}
        </h2>
        {empty && grid.loading && <Skeletons count={grid.perPage} />}
        {empty && !grid.loading && !grid.error && <p className="empty">{t.no_matches_found}</p>}
        {!empty && (
          <ul className="game-grid" ref={list} data-initial={hydrated ? undefined : ''}>
            {grid.games.map((g, i) => (
              <GameCard key={g.id} game={g} t={t} eager={sections.length === 0 && i < EAGER_CARDS} index={i} theme={themeOf(g)} />
            ))}
          </ul>
        )}
        {!empty && grid.loading && <Skeletons count={Math.min(grid.perPage, Math.max(0, grid.count - grid.games.length)) || grid.perPage} />}
        {grid.error && (
          <div className="lobby-error" role="alert">
            <p>{t.load_failed}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void lobby.retry()}>
              {t.retry}
            </button>
          </div>
        )}
        {showMore && (
          <div className="more-games">
            <button type="button" className="btn btn-secondary" onClick={more}>
              {t.more_games}
            </button>
          </div>
        )}
        {grid.scrolling && !grid.ended && <div className="lobby-sentinel" ref={sentinel} />}
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </section>
    </>
  );
}
