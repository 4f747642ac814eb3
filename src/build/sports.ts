// Build-time helpers of the sportsbook's prerendered pages: their addresses, and the
// schema.org description search engines read from an event page.
import type { SnapshotCompetition, SnapshotSportEvent } from '../shared/site-snapshot.ts';

export const eventRoute = (event: Pick<SnapshotSportEvent, 'slug'>) => `/sports/event/${event.slug}`;
export const competitionRoute = (competition: Pick<SnapshotCompetition, 'slug'>) => `/sports/competition/${competition.slug}`;

/** schema.org `SportsEvent` of a match: its name, start, the two sides (players in tennis, teams otherwise), its competition and page. */
export function sportsEventLd(event: SnapshotSportEvent, competition: SnapshotCompetition, url: string, sportName: string): Record<string, unknown> {
  const team = (name: string) => ({ '@type': event.sport === 'tennis' ? 'Person' : 'SportsTeam', name });
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${event.home} – ${event.away}`,
    startDate: event.startsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    sport: sportName,
    url,
    homeTeam: team(event.home),
    awayTeam: team(event.away),
    competitor: [team(event.home), team(event.away)],
    superEvent: { '@type': 'SportsEvent', name: competition.name },
  };
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the script element. */
export function ldJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
