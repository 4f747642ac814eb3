import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { session } from '../../lib/browser.ts';
import type { Locale } from '../../shared/locales.ts';
import type { Sport } from '../../shared/schemas/sports.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $sports, loadEvents, type SportsTab, watchPrices } from '../../stores/sports.ts';
import { Betslip } from './Betslip.tsx';
import { EventList } from './EventList.tsx';
import './sports.css';
import { sportName, sportsText } from './text.ts';

// My bets loads when the section is first opened, shown the moment it is in (src/lib/on-demand.ts).
const myBets = onDemand(() => import('./MyBets.tsx'));

type Section = SportsTab | 'my-bets';

/** SPORTS of src/shared/schemas/sports.ts (not imported: that module brings zod into this chunk). */
const SPORT_IDS: readonly Sport[] = ['football', 'tennis', 'basketball', 'ice_hockey'];

const SECTION_KEY = 'sports.section';

function regionName(region: string, locale: Locale, international: string): string {
  if (region === 'INT') return international;
  try {
    return new Intl.DisplayNames([document.documentElement.lang || locale], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** The sportsbook: sports and competitions, the live and pre-match lists, My bets, and the betslip beside (a bottom sheet on phones). */
export default function Sportsbook({ locale, eventPages = {} }: { locale: Locale; eventPages?: Record<string, string> }) {
  syncLocale(locale);
  const t = useStore(sportsText);
  const view = useStore($sports);
  const [section, setSection] = useState<Section>('prematch');
  const MyBets = useOnDemand(section === 'my-bets' ? myBets : undefined);
  const [hydrated, setHydrated] = useState(false);
  const id = useId();
  const { filter } = view;

  useEffect(() => {
    setHydrated(true);
    const saved = session.get(SECTION_KEY);
    const start: Section = saved === 'live' || saved === 'my-bets' ? saved : 'prematch';
    setSection(start);
    void loadEvents({ ...$sports.get().filter, tab: start === 'live' ? 'live' : 'prematch' });
    return watchPrices();
  }, []);

  function choose(next: Section) {
    setSection(next);
    session.set(SECTION_KEY, next);
    // My bets loads its own list.
    if (next !== 'my-bets') void loadEvents({ ...filter, tab: next });
  }

  function chooseSport(sport: Sport | undefined) {
    void loadEvents({ tab: filter.tab, sport, competition: undefined });
    if (section === 'my-bets') choose(filter.tab);
  }

  const competitions = view.competitions.filter((c) => !filter.sport || c.sport === filter.sport);
  const sections: { id: Section; label: string }[] = [
    { id: 'prematch', label: t.tab_prematch },
    { id: 'live', label: t.tab_live },
    { id: 'my-bets', label: t.tab_my_bets },
  ];

  return (
    <div className="sportsbook" data-hydrated={hydrated ? '' : undefined}>
      <div className="sb-main">
        <nav className="sb-nav" aria-label={t.sports_nav}>
          <ul className="sb-sports">
            {[undefined, ...SPORT_IDS].map((sport) => (
              <li key={sport ?? 'all'}>
                <button type="button" className="chip" aria-pressed={filter.sport === sport} onClick={() => chooseSport(sport)}>
                  {sport ? sportName(t, sport) : t.all_sports}
                </button>
              </li>
            ))}
          </ul>
          <div className="field sb-competition">
            <label htmlFor={`${id}-competition`}>{t.competition}</label>
            <select
              id={`${id}-competition`}
              value={filter.competition ?? ''}
              onChange={(e) => {
                const competition = e.target.value ? Number(e.target.value) : undefined;
                const sport = competition ? competitions.find((c) => c.id === competition)?.sport : filter.sport;
                void loadEvents({ ...filter, sport, competition });
                if (section === 'my-bets') choose(filter.tab);
              }}
            >
              <option value="">{t.all_competitions}</option>
              {competitions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} · {regionName(c.region, locale, t.international)}
                </option>
              ))}
            </select>
          </div>
        </nav>

        <fieldset className="sb-sections">
          <legend className="visually-hidden">{t.sections}</legend>
          {sections.map((s) => (
            <button key={s.id} type="button" className="chip" aria-pressed={section === s.id} onClick={() => choose(s.id)}>
              {s.label}
            </button>
          ))}
        </fieldset>

        {section === 'my-bets' ? (
          MyBets ? (
            <MyBets locale={locale} />
          ) : (
            <p className="empty">{t.loading}</p>
          )
        ) : (
          <EventList locale={locale} live={section === 'live'} eventPages={eventPages} />
        )}
      </div>
      <Betslip locale={locale} />
    </div>
  );
}
