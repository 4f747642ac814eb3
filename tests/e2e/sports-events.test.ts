// The prerendered sports event pages: the build made one per upcoming match of the top
// competitions in all 24 locales, with SportsEvent JSON-LD, canonical and hreflang; the
// teams and start are in the HTML without JavaScript; in a browser the island brings the
// live prices and a price goes into the betslip shared with /sports, which links the
// event's name to its page. Every event of every list links to a page that shows it: its
// own page, or /sports/match?event=<feed id> for one without (ice hockey, later matches).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/shared/locales.ts';
import type { SiteSnapshot } from '../../src/shared/site-snapshot.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
const dist = join(ROOT, 'dist');
const built = () => JSON.parse(readFileSync(join(dist, 'site-snapshot.json'), 'utf8')) as SiteSnapshot;
const fileOf = (path: string) => join(dist, 'client', path, 'index.html');
const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>);

/** An event of the build still ahead by a few minutes (prices open), and its competition. */
function upcoming(site: SiteSnapshot) {
  const event = site.sportEvents.find((e) => Date.parse(e.startsAt) > Date.now() + 5 * 60_000);
  if (!event) throw new Error('every prerendered match has started: the build in dist/ is too old for this test (remove dist/ to rebuild)');
  const competition = site.sportCompetitions.find((c) => c.slug === event.competition);
  if (!competition) throw new Error(`no competition ${event.competition}`);
  return { event, competition };
}

describe('sports event pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('are built from the snapshot in every locale with SportsEvent JSON-LD, canonical and hreflang, and listed in the sitemap', async () => {
    const site = built();
    expect(site.sportEvents.length).toBeGreaterThan(0);
    for (const event of site.sportEvents) {
      const competition = site.sportCompetitions.find((c) => c.slug === event.competition);
      expect(competition).toBeDefined();
      for (const locale of LOCALES) {
        const path = localizePath(`/sports/event/${event.slug}`, locale);
        expect(existsSync(fileOf(path)), path).toBe(true);
      }
    }
    const { event, competition } = upcoming(site);
    const html = readFileSync(fileOf(localizePath(`/sports/event/${event.slug}`, 'de')), 'utf8');
    const [ld] = ldOf(html);
    expect(ld).toMatchObject({
      '@type': 'SportsEvent',
      name: `${event.home} – ${event.away}`,
      startDate: event.startsAt,
      competitor: [
        { '@type': event.sport === 'tennis' ? 'Person' : 'SportsTeam', name: event.home },
        { '@type': event.sport === 'tennis' ? 'Person' : 'SportsTeam', name: event.away },
      ],
      superEvent: { name: competition?.name },
    });
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/de/sports/event/${event.slug}"`));
    expect(html.match(/<link rel="alternate" hreflang=/g)?.length).toBeGreaterThanOrEqual(LOCALES.length);
    expect(html).toContain(`<html lang="de"`);
    // The competition page lists it.
    const list = readFileSync(fileOf(localizePath(`/sports/competition/${event.competition}`, 'fr')), 'utf8');
    expect(list).toContain(`href="/fr/sports/event/${event.slug}"`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/sports/event/${event.slug}</loc>`);
    expect(sitemap).toContain(`/pl/sports/competition/${event.competition}</loc>`);
  });

  it('has the teams and the start in the HTML, then live prices that go into the betslip shared with /sports', async () => {
    const { event } = upcoming(built());
    const path = `/sports/event/${event.slug}`;
    // Without JavaScript: the teams and the start time, and no price yet (prices are live).
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    const title = /<h1[^>]*data-testid="event-title"[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
    expect(title.replace(/<[^>]+>/g, ' ')).toContain(event.home.replace(/&/g, '&amp;'));
    expect(title.replace(/<[^>]+>/g, ' ')).toContain(event.away.replace(/&/g, '&amp;'));
    expect(html).toContain(`<time datetime="${event.startsAt}"`);
    expect(html).not.toContain('sb-price');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const card = page.locator('.sb-event');
    const price = card.locator('.sb-price:not([disabled])').first();
    await price.waitFor({ timeout: 30_000 });
    // Every market is open on the event's own page.
    expect(await card.locator('.sb-market').count()).toBeGreaterThan(1);
    await expect(card.locator('.sb-event-title').textContent()).resolves.toContain(event.home);
    await price.click();
    const slip = page.locator('.sb-slip');
    const item = slip.locator('.sb-slip-item', { hasText: event.home });
    await item.waitFor();
    expect(await price.getAttribute('aria-pressed')).toBe('true');

    // The same slip on /sports, whose list links the event's name to its page.
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    await page.locator('.sb-slip .sb-slip-item', { hasText: event.home }).waitFor();
    const link = page.locator(`.sportsbook[data-hydrated] a.sb-event-link[href="${path}"]`);
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL(`${baseUrl}${path}`);
    await page.locator('[data-testid="event-title"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('links every event of every list (pre-match, live, each sport) to a page that answers 200 and shows that event', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const visit = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    visit.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    await page.locator('.sportsbook[data-hydrated]').waitFor();
    const seen = new Set<string>();
    let matchPages = 0;
    const rowsOf = async () => {
      // The list renders its events a few at a time: read it once every row is there.
      await page.locator('.sb-events[aria-busy="false"]').locator('.sb-event:not(.skeleton), .empty').first().waitFor({ timeout: 60_000 });
      let count = -1;
      await expect
        .poll(async () => {
          const before = count;
          count = await page.locator('.sb-events .sb-event').count();
          return count === before;
        })
        .toBe(true);
      return page.locator('.sb-events .sb-event').evaluateAll((rows) =>
        rows.map((row) => ({
          link: row.querySelector<HTMLAnchorElement>('a.sb-event-link')?.getAttribute('href') ?? null,
          names: [...row.querySelectorAll('.sb-event-title a > span:not(.sb-vs):not(.sb-score)')].map((s) => s.textContent ?? ''),
        })),
      );
    };
    const lists: [string, string | null][] = [
      ['Pre-match', null],
      ['Pre-match', 'Ice hockey'],
      ['Pre-match', 'Tennis'],
      ['Live', null],
    ];
    let rows = 0;
    for (const [section, sport] of lists) {
      await page.locator('.sb-sections .chip', { hasText: section }).click();
      await page.locator('.sb-sports .chip', { hasText: sport ?? 'All sports' }).click();
      const listed = await rowsOf();
      for (const row of listed) {
        rows++;
        expect(row.link, `${section} ${sport ?? ''}: ${row.names.join(' – ')} has no link`).not.toBeNull();
        const href = row.link as string;
        if (seen.has(href)) continue;
        seen.add(href);
        const answer = await fetch(`${baseUrl}${href}`);
        expect(answer.status, href).toBe(200);
        const html = await answer.text();
        if (href.startsWith('/sports/event/')) {
          for (const name of row.names) expect(html, href).toContain(name.replace(/&/g, '&amp;'));
          continue;
        }
        expect(href).toMatch(/^\/sports\/match\?event=/);
        matchPages++;
        await visit.goto(`${baseUrl}${href}`, { waitUntil: 'domcontentloaded' });
        const title = visit.getByTestId('event-title');
        await title.filter({ hasText: row.names[0] as string }).waitFor({ timeout: 20_000 });
        for (const name of row.names) await expect(title.textContent()).resolves.toContain(name);
        await visit.locator('.sb-event .sb-market').first().waitFor();
      }
    }
    expect(rows).toBeGreaterThan(8);
    // The feed's later matches and its other competitions have no prerendered page: the match page shows them.
    expect(matchPages).toBeGreaterThan(0);
    // An unknown feed id is said to be closed, not a blank page.
    await visit.goto(`${baseUrl}/de/sports/match?event=nope`, { waitUntil: 'networkidle' });
    await visit.locator('.sb-events .empty').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
