// The event pages' pieces: their addresses and the JSON-LD search engines read.
import { describe, expect, it } from 'vitest';
import { competitionRoute, eventRoute, ldJson, sportsEventLd } from '../../src/build/sports.ts';
import { slugify } from '../../src/server/content/snapshot.ts';

const event = {
  external: 'sim:1:football:98765',
  slug: 'aguilas-fc-lions-sim-1-football-98765',
  sport: 'football',
  competition: 'fb-liga-aguila',
  home: 'Águilas FC',
  away: 'Lions </script>',
  startsAt: '2031-03-03T12:30:00Z',
};
const competition = { slug: 'fb-liga-aguila', sport: 'football', name: 'Liga Águila', region: 'ES' };

describe('sports event pages', () => {
  it('name pages by ASCII slugs', () => {
    expect(slugify('Águilas FC')).toBe('aguilas-fc');
    expect(slugify('sim:1:football:98765')).toBe('sim-1-football-98765');
    expect(slugify('  --Ölymp & Co.-- ')).toBe('olymp-co');
    expect(eventRoute(event)).toBe('/sports/event/aguilas-fc-lions-sim-1-football-98765');
    expect(competitionRoute(competition)).toBe('/sports/competition/fb-liga-aguila');
  });

  it('describe a match as a schema.org SportsEvent that cannot close its script element', () => {
    const ld = sportsEventLd(event, competition, 'https://example.test/de/sports/event/x', 'Fußball');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Águilas FC – Lions </script>',
      startDate: '2031-03-03T12:30:00Z',
      sport: 'Fußball',
      homeTeam: { '@type': 'SportsTeam', name: 'Águilas FC' },
      awayTeam: { '@type': 'SportsTeam', name: 'Lions </script>' },
      competitor: [
        { '@type': 'SportsTeam', name: 'Águilas FC' },
        { '@type': 'SportsTeam', name: 'Lions </script>' },
      ],
      superEvent: { '@type': 'SportsEvent', name: 'Liga Águila' },
    });
    const tennis = sportsEventLd({ ...event, sport: 'tennis' }, competition, 'https://example.test/sports/event/x', 'Tennis');
    expect(tennis.competitor).toEqual([
      { '@type': 'Person', name: 'Águilas FC' },
      { '@type': 'Person', name: 'Lions </script>' },
    ]);
    const text = ldJson(ld);
    expect(text).not.toContain('</');
    expect(JSON.parse(text)).toEqual(ld);
  });
});
