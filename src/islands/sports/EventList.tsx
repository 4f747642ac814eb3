import { useStore } from '@nanostores/react';
import { memo, startTransition, useEffect, useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import type { SportEvent, SportMarket } from '../../shared/sports.ts';
import { $moves, $slip, $sports, addSelection, loadEvents } from '../../stores/sports.ts';
import { formatOdds, marketName, type SportsText, selectionName, sportName, sportsText } from './text.ts';

function Prices({ event, market, locale, t }: { event: SportEvent; market: SportMarket; locale: Locale; t: SportsText }) {
  const moves = useStore($moves);
  const slip = useStore($slip);
  const picked = new Set(slip.selections.map((s) => s.id));
  return (
    <ul className={`sb-prices sb-prices-${Math.min(market.selections.length, 3)}`}>
      {market.selections.map((s) => {
        const move = moves[s.id];
        const suspended = s.suspended || market.suspended;
        return (
          <li key={s.id}>
            <button
              type="button"
              className={`sb-price${move ? ` sb-${move}` : ''}`}
              aria-pressed={picked.has(s.id)}
              disabled={suspended}
              data-selection={s.id}
              onClick={() => addSelection(event, market, s)}
            >
              <span className="sb-price-label">{selectionName(t, market, s.code, event.home, event.away, locale)}</span>
              <span className="sb-price-odds">
                {suspended ? <span className="sb-lock">{t.suspended}</span> : formatOdds(s.odds, locale)}
                {move && !suspended && (
                  <>
                    <span aria-hidden="true" className="sb-arrow">
                      {move === 'up' ? '▲' : '▼'}
                    </span>
                    <span className="visually-hidden">{move === 'up' ? t.odds_up : t.odds_down}</span>
                  </>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A list's first screen of events renders at once; the rest follow a few at a time, each batch
 * its own short task that a tap can pass, so sixty events with their prices never hold the
 * page for the length of one long render (on a phone, or a machine busy with other work).
 */
const FIRST_EVENTS = 6;
const EVENTS_PER_STEP = 6;

/** One event with its main market, the others behind "More markets" (open from the start on the event's own page). */
export const EventCard = memo(function EventCard({
  event,
  competition,
  locale,
  t,
  href,
  expanded = false,
}: {
  event: SportEvent;
  competition: string;
  locale: Locale;
  t: SportsText;
  /** Where the event's name links: its prerendered page, or the page that shows any event. */
  href?: string | undefined;
  expanded?: boolean;
}) {
  const [open, setOpen] = useState(expanded);
  const [main, ...more] = event.markets;
  const live = event.status === 'live' || event.status === 'suspended';
  const title = event.away ? `${event.home} – ${event.away}` : event.home;
  const panel = `sb-markets-${event.id}`;
  const heading =
    event.kind === 'match' ? (
      <>
        <span>{event.home}</span>
        {live ? (
          <span className="sb-score">
            {event.score[0]}–{event.score[1]}
          </span>
        ) : (
          <span className="sb-vs">–</span>
        )}
        <span>{event.away}</span>
      </>
    ) : (
      <span>{title}</span>
    );
  return (
    <li className="sb-event card" data-event={event.id}>
      <div className="sb-event-head">
        <p className="sb-event-meta">
          <span>
            {sportName(t, event.sport)} · {competition}
          </span>
          {live ? (
            <span className="sb-live">
              {t.live}
              {event.kind === 'match' && event.elapsed > 0 && <span> {event.elapsed}′</span>}
            </span>
          ) : (
            <time dateTime={event.starts_at}>{formatDate(event.starts_at, true)}</time>
          )}
        </p>
        <h3 className="sb-event-title">
          {href ? (
            <a className="sb-event-link" href={href}>
              {heading}
            </a>
          ) : (
            heading
          )}
        </h3>
        {event.status === 'suspended' && <p className="sb-suspended-note">{t.event_suspended}</p>}
      </div>
      {main && (
        <div className="sb-market">
          <p className="sb-market-name">{marketName(t, main.type, main.line, locale)}</p>
          <Prices event={event} market={main} locale={locale} t={t} />
        </div>
      )}
      {more.length > 0 && (
        <>
          <button type="button" className="link-button sb-more" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? t.fewer_markets : t.more_markets}
            <span className="visually-hidden"> – {title}</span>
          </button>
          <div id={panel} hidden={!open}>
            {open &&
              more.map((m) => (
                <div className="sb-market" key={m.id}>
                  <p className="sb-market-name">{marketName(t, m.type, m.line, locale)}</p>
                  <Prices event={event} market={m} locale={locale} t={t} />
                </div>
              ))}
          </div>
        </>
      )}
    </li>
  );
});

/** The page that shows any event of the feed by its feed id (`/sports/match?event=…`), for one without a prerendered page. */
/** The events could not be loaded: says so, with a retry. */
export function LoadFailed({ t }: { t: SportsText }) {
  return (
    <div className="alert alert-danger" role="alert">
      <p>{t.load_failed}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadEvents()}>
        {t.retry}
      </button>
    </div>
  );
}

export const matchPath = (external: string) => `/sports/match?event=${encodeURIComponent(external)}`;

/**
 * The live or pre-match events of the chosen sport and competition, with their prices; each
 * event's name links to its prerendered page when the build made one, else to `/sports/match`.
 */
export function EventList({ locale, live, eventPages = {} }: { locale: Locale; live: boolean; eventPages?: Record<string, string> }) {
  const t = useStore(sportsText);
  const view = useStore($sports);
  const names = new Map(view.competitions.map((c) => [c.id, c.name]));
  const events = view.events;
  const first = !view.loaded;
  const [shown, setShown] = useState(FIRST_EVENTS);
  // Another sport, competition or tab is a new list: it starts again from its first screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is what makes a new list
  useEffect(() => setShown(FIRST_EVENTS), [view.filter]);
  useEffect(() => {
    if (shown >= events.length) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + EVENTS_PER_STEP)));
    return () => clearTimeout(timer);
  }, [shown, events.length]);
  return (
    <section className="sb-events" aria-labelledby="sb-events-title" aria-busy={view.loading}>
      <h2 id="sb-events-title">{live ? t.live_events : t.upcoming_events}</h2>
      {first && (
        <ul className="sb-list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="sb-event card skeleton" />
          ))}
        </ul>
      )}
      {!first && view.error && <LoadFailed t={t} />}
      {!first && !view.error && events.length === 0 && !view.loading && <p className="empty">{live ? t.no_live_events : t.no_events}</p>}
      {events.length > 0 && (
        <ul className="sb-list">
          {events.slice(0, shown).map((e) => (
            <EventCard
              key={e.id}
              event={e}
              competition={names.get(e.competition_id) ?? ''}
              locale={locale}
              t={t}
              href={eventPages[e.external] ?? localizePath(matchPath(e.external), locale)}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {view.loading ? t.loading : ''}
      </p>
    </section>
  );
}
