// The game being played ($gamePlay of ui.ts): launching it in real or free play,
// closing it, switching free play to real, and keeping it in the address
// (?play=<slug>&mode=fun|real) so that a reload or a shared link reopens it.
import { call } from '../lib/api.ts';
import { localHref, pageLocale, pageText } from '../lib/browser.ts';
import type { ListedGame } from '../shared/schemas/games.ts';
import { $session, restoreSession } from './session.ts';
import { loadSettings } from './settings.ts';
import { $gamePlay, $overlay, type GamePlay, openModal, type PlayMode, toast } from './ui.ts';

/** The pause between the game URL's arrival and the player opening (contract §6.3). */
export const LAUNCH_PAUSE_MS = 500;

/** What a launch needs of a lobby game; live free play opens `demo_url` without a call. */
export type LaunchableGame = Pick<ListedGame, 'name' | 'slug' | 'external_game_id'> & Partial<Pick<ListedGame, 'demo_url' | 'type'>>;

/** The button that opened the game: focus goes back there when it closes. */
let opener: HTMLElement | null = null;
let launching = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal's catalogue key as text; "Action failed." when it has none of its own. */
function refusalText(key: unknown): string {
  const known = typeof key === 'string' ? (pageText('validation', key) ?? pageText('lobby', key)) : undefined;
  return known ?? pageText('validation', 'action_failed') ?? 'Action failed.';
}

/**
 * The game page's address when it is on our own origin, else nothing: the page's
 * CSP frames only 'self', and a javascript: or foreign URL must never land in the frame.
 */
function sameOriginPath(url: string): string | undefined {
  try {
    const parsed = new URL(url, location.href);
    return parsed.origin === location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : undefined;
  } catch {
    return undefined;
  }
}

function writeAddress(play: GamePlay | null): void {
  const url = new URL(location.href);
  if (play) {
    url.searchParams.set('play', play.slug);
    url.searchParams.set('mode', play.mode);
  } else {
    url.searchParams.delete('play');
    url.searchParams.delete('mode');
  }
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

// Whoever ends game play (close, login, deposit) also takes it out of the address.
if (typeof window !== 'undefined') $gamePlay.listen(writeAddress);

/**
 * Opens `game`: a guest asking for real play gets the login modal; live free play
 * opens the game's demo page directly; otherwise get_game_url is asked under the
 * loading overlay, and the player opens 500 ms after it answers. A refusal or a
 * failed call shows a danger toast. Resolves true when the game is open.
 */
export async function launchGame(game: LaunchableGame, mode: PlayMode): Promise<boolean> {
  if (launching) return false;
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && !focused.closest('[data-game-player]')) opener = focused;
  launching = true;
  try {
    if (mode === 'real') {
      await restoreSession();
      if (!$session.get().loggedIn) {
        openModal('login');
        return false;
      }
    }
    const play = { name: game.name, slug: game.slug, mode, externalId: game.external_game_id };
    if (mode === 'fun' && game.type === 'live' && game.demo_url) {
      $gamePlay.set({ ...play, url: localHref(game.demo_url) });
      return true;
    }
    $overlay.set(true);
    const reply = await call('front/get_game_url', {
      game_id: game.external_game_id,
      game_code: game.slug,
      is_real: mode === 'real',
      lang: pageLocale(),
    });
    const url = reply.status === 1 && reply.gameURL ? sameOriginPath(reply.gameURL) : undefined;
    if (!url) {
      toast('danger', refusalText(reply.status === 0 ? reply.message : undefined));
      return false;
    }
    await sleep(LAUNCH_PAUSE_MS);
    $gamePlay.set({ ...play, url });
    return true;
  } catch (error) {
    toast('danger', refusalText((error as { data?: { message?: unknown } } | null)?.data?.message));
    return false;
  } finally {
    $overlay.set(false);
    launching = false;
  }
}

/** Ends game play and gives focus back to the button that started it. */
export function closeGame(): void {
  $gamePlay.set(null);
  const target = opener;
  opener = null;
  if (target?.isConnected) requestAnimationFrame(() => target.focus());
}

/**
 * The free-play notice's "Play for real": a guest gets the login modal; a player in
 * free play gets the same game again in real play. (The old site asked for another
 * free-play URL and then left game mode: a bug not to repeat.)
 */
export async function playForReal(): Promise<void> {
  await restoreSession();
  if (!$session.get().loggedIn) {
    openModal('login');
    return;
  }
  const play = $gamePlay.get();
  if (play?.mode === 'fun') await launchGame({ name: play.name, slug: play.slug, external_game_id: play.externalId }, 'real');
}

/**
 * Reopens the game named in the address (?play=<slug>&mode=…), once per page (a shared
 * link, a reload, a slide's button): real play only for a logged-in player, free play for
 * a guest where the market allows it; where it does not, the login, and then the game.
 */
export async function resumeFromAddress(find: (slug: string) => LaunchableGame | undefined): Promise<void> {
  const params = new URLSearchParams(location.search);
  const slug = params.get('play');
  if (!slug || $gamePlay.get()) return;
  const game = find(slug);
  if (!game) {
    writeAddress(null);
    return;
  }
  await restoreSession();
  if (!$session.get().loggedIn && (await loadSettings())?.market?.guestFreePlay === false) {
    const then = new URL(location.href);
    then.searchParams.set('mode', 'real');
    openModal('login', { afterLoginPage: `${then.pathname}${then.search}` });
    return;
  }
  const mode: PlayMode = params.get('mode') === 'real' && $session.get().loggedIn ? 'real' : 'fun';
  if (!(await launchGame(game, mode))) writeAddress(null);
}
