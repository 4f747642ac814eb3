// The event pages' data: the build's snapshot carries the upcoming matches of the top
// competitions from the database the simulated feed fills, named by the feed's ids, and
// the API finds an event by that id (the page's island asks so).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { EVENT_PAGES_PER_COMPETITION, readSnapshot } from '../../src/server/content/snapshot.ts';
import { createSimulatedFeed } from '../../src/server/sports/feed/simulated.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { read } from '../../src/server/wallet/connection.ts';
import type { SportEventsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';

const clock = manualClock(Date.UTC(2031, 2, 3, 10, 0));
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
});
afterAll(() => api.close());

describe('the sports pages of the build snapshot', () => {
  it('carries no event page while the feed has published nothing', async () => {
    const site = await readSnapshot(api.ctx.database.db, clock.now());
    expect(site.sportsAvailable).toBe(true);
    expect(site.sportEvents).toEqual([]);
    expect(site.sportCompetitions).toEqual([]);
  });

  it('carries the upcoming matches of the top competitions only, a few each, soonest first', async () => {
    const feed = createSimulatedFeed({ seed: 7, clock });
    await ingest(api.ctx, await feed.poll());
    const site = await readSnapshot(api.ctx.database.db, clock.now());
    const top = await read<{ external_id: string }>(api.ctx.database.db, sql`select external_id from sport_competitions where top > 0`);
    expect(site.sportCompetitions.map((c) => c.slug).sort()).toEqual(top.map((r) => r.external_id).sort());
    expect(site.sportEvents.length).toBeGreaterThan(0);
    for (const c of site.sportCompetitions) {
      const own = site.sportEvents.filter((e) => e.competition === c.slug);
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThanOrEqual(EVENT_PAGES_PER_COMPETITION);
    }
    for (const e of site.sportEvents) {
      expect(Date.parse(e.startsAt)).toBeGreaterThan(clock.now());
      expect(e.home).not.toBe('');
      expect(e.away).not.toBe('');
      expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(site.sportEvents.map((e) => e.slug)).size).toBe(site.sportEvents.length);
    const starts = site.sportEvents.map((e) => e.startsAt);
    expect(starts).toEqual([...starts].sort());
    // The non-top competition of the simulated season (the Nordic ice hockey league) has no pages.
    expect(site.sportCompetitions.some((c) => c.sport === 'ice_hockey')).toBe(false);
  });

  it('leaves out matches that started, and all of them when the sportsbook is off', async () => {
    const first = (await readSnapshot(api.ctx.database.db, clock.now())).sportEvents[0];
    if (!first) throw new Error('no event');
    const later = await readSnapshot(api.ctx.database.db, Date.parse(first.startsAt));
    expect(later.sportEvents.some((e) => e.external === first.external)).toBe(false);
    await api.ctx.database.db.execute(sql`update game_groups set status = 'deactivated' where id = 2`);
    try {
      const off = await readSnapshot(api.ctx.database.db, clock.now());
      expect(off.sportEvents).toEqual([]);
      expect(off.sportCompetitions).toEqual([]);
    } finally {
      await api.ctx.database.db.execute(sql`update game_groups set status = 'activated' where id = 2`);
    }
  });

  it('finds an event by the feed id its page is named by, whatever our row id is', async () => {
    const [event] = (await readSnapshot(api.ctx.database.db, clock.now())).sportEvents;
    if (!event) throw new Error('no event');
    const { status, body } = await api.json('front/get_sport_events', { external: event.external, tab: 'all' });
    expect(status).toBe(200);
    const reply = body as unknown as SportEventsReply;
    expect(reply.events).toHaveLength(1);
    expect(reply.events[0]).toMatchObject({ external: event.external, home: event.home, away: event.away, starts_at: event.startsAt });
    expect(reply.events[0]?.markets.length).toBeGreaterThan(0);
    const none = (await api.json('front/get_sport_events', { external: 'sim:0:nowhere:1', tab: 'all' })).body as unknown as SportEventsReply;
    expect(none.events).toEqual([]);
    const bad = await api.json('front/get_sport_events', { external: 'x'.repeat(201) });
    expect(bad.status).toBe(400);
  });
});
