// What the static build needs from the database: game groups, promotions and
// site content in every locale. The build reads it from a JSON file so that
// prerendering never holds a database connection.
import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.ts';
import type { Executor } from '../db/client.ts';
import { gameGroups, promotionAmounts, promotions, siteContent } from '../db/schema/index.ts';
import { allListedGames } from '../games/listing.ts';
import type { ListedGame } from '../../shared/schemas/games.ts';
import type { PromotionText, SiteSnapshot } from '../../shared/site-snapshot.ts';
import { offerTermsOf } from './offers.ts';
import { FAQ_TABS } from '../../shared/content.ts';
import { read } from '../wallet/connection.ts';

/**
 * How many upcoming matches of each top competition get a page. The feed publishes about
 * twelve hours ahead; eight each keeps the build's page count (× 24 locales) modest while
 * every match a searcher could look for today has its page.
 */
export const EVENT_PAGES_PER_COMPETITION = 8;

/** Reads everything the build renders; one query per table. `now` decides which matches are still upcoming. */
export async function readSnapshot(db: Executor, now: number = Date.now()): Promise<SiteSnapshot> {
  const groups = await db.select().from(gameGroups).orderBy(asc(gameGroups.type), asc(gameGroups.position));
  const promos = await db.select().from(promotions).where(eq(promotions.status, 'active')).orderBy(asc(promotions.position), asc(promotions.id));
  const content = await db.select().from(siteContent).orderBy(asc(siteContent.position), asc(siteContent.id));
  const amounts = await db.select().from(promotionAmounts);
  const lobby = await allListedGames(db);
  const snapshot: SiteSnapshot = {
    gameGroups: groups.map((g) => ({ id: g.id, name: g.groupName, slug: g.groupSlug, type: g.type, status: g.status, theme: g.theme })),
    sportsAvailable: groups.some((g) => g.id === 2 && g.type === 'online' && g.status === 'activated'),
    games: lobby,
    gameProviders: providersOf(lobby),
    promotions: [],
    offers: promos.map((p) => offerTermsOf(p, amounts)),
    pages: {},
    slider: {},
    licenseLine: {},
    footer: {},
    sportCompetitions: [],
    sportEvents: [],
  };
  if (snapshot.sportsAvailable) Object.assign(snapshot, await readSportPages(db, now));
  const texts = new Map<string, PromotionText>();
  const add = <T>(record: Partial<Record<Locale, T[]>>, locale: Locale, item: T) => {
    const list = record[locale] ?? [];
    list.push(item);
    record[locale] = list;
  };
  for (const row of content) {
    const locale = row.locale as Locale;
    if (!LOCALES.includes(locale)) continue;
    if (row.kind === 'promotion') texts.set(`${row.slug}:${locale}`, { title: row.title, brief: row.brief, body: row.body });
    else if (row.kind === 'faq') add(snapshot.pages, locale, { tab: row.slug, title: row.title, body: row.body });
    else if (row.kind === 'license_line') snapshot.licenseLine[locale] = row.body;
    else if (row.kind === 'footer') add(snapshot.footer, locale, row.body);
    else if (row.kind === 'slider' && !row.mobile) {
      const mobile = content.find((m) => m.kind === 'slider' && m.mobile && m.slug === row.slug && m.locale === row.locale);
      add(snapshot.slider, locale, {
        title: row.title,
        text: row.body,
        cta: row.brief,
        image: row.imageUrl ?? '',
        mobileImage: mobile?.imageUrl ?? row.imageUrl ?? '',
        link: row.link,
      });
    }
  }
  for (const pages of Object.values(snapshot.pages)) pages.sort((a, b) => FAQ_TABS.indexOf(a.tab as never) - FAQ_TABS.indexOf(b.tab as never));
  snapshot.promotions = promos.map((p) => ({
    id: p.id,
    code: p.promoCode,
    imageUrl: p.imageUrl,
    depositRule: p.depositRule,
    terms: offerTermsOf(p, amounts),
    texts: Object.fromEntries(LOCALES.flatMap((l) => (texts.has(`${p.id}:${l}`) ? [[l, texts.get(`${p.id}:${l}`)]] : []))),
  }));
  // A promotion without an English text cannot be shown anywhere.
  snapshot.promotions = snapshot.promotions.filter((p) => p.texts[DEFAULT_LOCALE]);
  return snapshot;
}

/** Lowercase ASCII words joined by dashes: "Águilas FC" → "aguilas-fc". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The upcoming matches of the top competitions, for their prerendered pages. Pages are
 * named by the feed's ids, not our row ids: a fixture keeps its feed id in every database
 * the same feed fills, so a page stays right for the server it is deployed beside.
 */
async function readSportPages(db: Executor, now: number): Promise<Pick<SiteSnapshot, 'sportCompetitions' | 'sportEvents'>> {
  const rows = await read<{
    external: string;
    sport: string;
    competition: string;
    name: string;
    region: string;
    home: string;
    away: string;
    starts_at: string;
  }>(
    db,
    sql`select e.external_id as external, c.sport, c.external_id as competition, c.name, c.region, e.home, e.away,
               to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at
        from sport_competitions c
        cross join lateral (
          select external_id, home, away, starts_at from sport_events
          where competition_id = c.id and kind = 'match' and status = 'scheduled' and starts_at > ${new Date(now).toISOString()}::timestamptz
          order by starts_at, id limit ${EVENT_PAGES_PER_COMPETITION}
        ) e
        where c.top > 0
        order by e.starts_at, c.external_id, e.external_id`,
  );
  const competitions = new Map<string, SiteSnapshot['sportCompetitions'][number]>();
  const events: SiteSnapshot['sportEvents'] = [];
  for (const r of rows) {
    const competition = slugify(r.competition);
    if (!competitions.has(competition)) competitions.set(competition, { slug: competition, sport: r.sport, name: r.name, region: r.region });
    const teams = slugify(`${r.home} ${r.away}`);
    const slug = [teams, slugify(r.external)].filter(Boolean).join('-');
    events.push({ external: r.external, slug, sport: r.sport, competition, home: r.home, away: r.away, startsAt: r.starts_at });
  }
  return { sportCompetitions: [...competitions.values()].sort((a, b) => a.sport.localeCompare(b.sport) || a.name.localeCompare(b.name)), sportEvents: events };
}

function providersOf(lobby: ListedGame[]): SiteSnapshot['gameProviders'] {
  const byId = new Map<number, SiteSnapshot['gameProviders'][number]>();
  for (const g of lobby) {
    const p = byId.get(g.provider_id) ?? { id: g.provider_id, provider_name: g.provider_name, type: [] };
    if (!p.type.includes(g.type)) p.type.push(g.type);
    byId.set(g.provider_id, p);
  }
  return [...byId.values()];
}
