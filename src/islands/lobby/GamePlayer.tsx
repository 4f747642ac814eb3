import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { closeGame } from '../../stores/game.ts';
import { WIDE_QUERY } from '../../stores/games.ts';
import { $session } from '../../stores/session.ts';
import { $gamePlay, goToDeposit, openModal } from '../../stores/ui.ts';
import { FreePlayNotice } from './FreePlayNotice.tsx';
import { lobbyText, menuText } from './text.ts';

/**
 * The game being played, with the in-game header (SPEC §2): name, fullscreen, deposit
 * for a player or login and register for a guest, and close. From 990 px it sits above
 * the lobby in a 16:9 frame; below, it covers the window (no popup window: a framed
 * page needs no popup-blocker workaround and keeps the site's header controls).
 */
export default function GamePlayer() {
  const play = useStore($gamePlay);
  const session = useStore($session);
  const t = useStore(lobbyText);
  const m = useStore(menuText);
  const player = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen, setCanFullscreen] = useState(false);
  const id = useId();

  useEffect(() => {
    setCanFullscreen(document.fullscreenEnabled);
    // Esc leaves fullscreen in the browser itself; the label follows whatever happened.
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === player.current);
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  // A new game: the header takes focus, and on a wide screen the player scrolls into view.
  const url = play?.url;
  useEffect(() => {
    if (!url) return;
    heading.current?.focus({ preventScroll: true });
    if (matchMedia(WIDE_QUERY).matches) player.current?.scrollIntoView({ block: 'start' });
  }, [url]);

  if (!play) return null;

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void player.current?.requestFullscreen().catch(() => undefined);
  }

  return (
    <section className="game-player" ref={player} data-game-player="" data-mode={play.mode} aria-labelledby={`${id}-title`}>
      <div className="game-head">
        <h2 className="game-title" id={`${id}-title`} ref={heading} tabIndex={-1}>
          {play.name}
        </h2>
        <div className="game-tools">
          {canFullscreen && (
            <button type="button" className="game-tool game-fullscreen" onClick={toggleFullscreen}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d={fullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className="game-tool-label">{fullscreen ? t.exit_fullscreen : t.fullscreen}</span>
            </button>
          )}
          {session.loggedIn ? (
            <button type="button" className="btn btn-primary btn-small game-deposit" onClick={() => goToDeposit()}>
              {m.deposit}
            </button>
          ) : (
            <>
              <button type="button" className="btn btn-outline btn-small game-login" onClick={() => openModal('login')}>
                {m.login}
              </button>
              <button type="button" className="btn btn-primary btn-small game-register" onClick={() => openModal('register')}>
                {m.register}
              </button>
            </>
          )}
          <button type="button" className="game-tool game-close" onClick={closeGame}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="game-tool-label">{t.close_game}</span>
          </button>
        </div>
      </div>
      {(!session.loggedIn || play.mode === 'fun') && <FreePlayNotice />}
      <div className="game-stage">
        {/* A new launch is a new page, even when only the URL's fragment differs. */}
        <iframe key={play.url} src={play.url} title={play.name} allow="fullscreen" />
      </div>
    </section>
  );
}
