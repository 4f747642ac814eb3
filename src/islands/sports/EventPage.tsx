import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $sports, loadEvents, watchPrices } from '../../stores/sports.ts';
import { Betslip } from './Betslip.tsx';
import { EventCard, LoadFailed } from './EventList.tsx';
import './sports.css';
import { sportName, sportsText } from './text.ts';

/**
 * An event page's prices: the event (named by the feed's id, as the page is) with every
 * market open, kept live through the socket, and the shared betslip beside. On a prerendered
 * event page the teams and start time are already in the HTML; on `/sports/match` (no
 * `external`: the feed id is the address's `event`) the island shows them too, as the page's
 * heading (`heading` until the event is known).
 */
export default function EventPage({
  locale,
  external: given,
  competition: givenCompetition,
  heading,
}: {
  locale: Locale;
  external?: string;
  competition?: string;
  heading?: string;
}) {
  syncLocale(locale);
  const t = useStore(sportsText);
  const view = useStore($sports);
  const [hydrated, setHydrated] = useState(false);
  // The feed id: the page's own, or (on /sports/match) the address's, read once hydrated.
  const [external, setExternal] = useState(given);

  useEffect(() => {
    setHydrated(true);
    const id = given ?? new URLSearchParams(window.location.search).get('event') ?? '';
    setExternal(id);
    if (!id) return;
    void loadEvents({ tab: 'prematch', external: id });
    return watchPrices();
  }, [given]);

  const event = external && view.filter.external === external ? view.events.find((e) => e.external === external) : undefined;
  const competition = givenCompetition ?? (event ? (view.competitions.find((c) => c.id === event.competition_id)?.name ?? '') : '');
  const missing = hydrated && (!external || (view.loaded && !view.error && !event && !view.loading));
  return (
    <>
      {heading !== undefined && (
        <header className="sb-match-head">
          <h1 className="sb-match" data-testid="event-title">
            {event ? (
              <>
                <span>{event.home}</span>
                {event.away && (
                  <>
                    <span className="sb-vs">–</span>
                    <span>{event.away}</span>
                  </>
                )}
              </>
            ) : (
              heading
            )}
          </h1>
          {event && (
            <p className="sb-match-meta">
              {sportName(t, event.sport)} · {competition} · <time dateTime={event.starts_at}>{formatDate(event.starts_at, true)}</time>
            </p>
          )}
        </header>
      )}
      <div className="sportsbook" data-hydrated={hydrated ? '' : undefined}>
        <div className="sb-main">
          <section className="sb-events" aria-busy={view.loading}>
            {!view.loaded && !missing && (
              <ul className="sb-list" aria-hidden="true">
                <li className="sb-event card skeleton" />
              </ul>
            )}
            {view.loaded && view.error && <LoadFailed t={t} />}
            {missing && <p className="empty">{t.event_closed}</p>}
            {event && (
              <ul className="sb-list">
                <EventCard event={event} competition={competition} locale={locale} t={t} expanded />
              </ul>
            )}
            <p className="visually-hidden" role="status">
              {view.loading ? t.loading : ''}
            </p>
          </section>
        </div>
        <Betslip locale={locale} />
      </div>
    </>
  );
}
