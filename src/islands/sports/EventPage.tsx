import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../shared/locales.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $sports, loadEvents, watchPrices } from '../../stores/sports.ts';
import { Betslip } from './Betslip.tsx';
import { EventCard } from './EventList.tsx';
import './sports.css';
import { sportsText } from './text.ts';

/**
 * An event page's prices: the event (named by the feed's id, as the page is) with every
 * market open, kept live through the socket, and the shared betslip beside. The teams and
 * start time are already in the page's HTML; this adds what changes.
 */
export default function EventPage({ locale, external, competition }: { locale: Locale; external: string; competition: string }) {
  syncLocale(locale);
  const t = useStore(sportsText);
  const view = useStore($sports);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void loadEvents({ tab: 'prematch', external });
    return watchPrices();
  }, [external]);

  const event = view.filter.external === external ? view.events.find((e) => e.external === external) : undefined;
  return (
    <div className="sportsbook" data-hydrated={hydrated ? '' : undefined}>
      <div className="sb-main">
        <section className="sb-events" aria-busy={view.loading}>
          {!view.loaded && (
            <ul className="sb-list" aria-hidden="true">
              <li className="sb-event card skeleton" />
            </ul>
          )}
          {view.loaded && view.error && (
            <div className="alert alert-danger" role="alert">
              <p>{t.load_failed}</p>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadEvents()}>
                {t.retry}
              </button>
            </div>
          )}
          {view.loaded && !view.error && !event && !view.loading && <p className="empty">{t.event_closed}</p>}
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
  );
}
