// What the static build needs from the database: game groups, promotions and
// site content in every locale. The build reads it from a JSON file so that
// prerendering never holds a database connection.
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.ts';
import type { Executor } from '../db/client.ts';
import { gameGroups, promotions, siteContent } from '../db/schema/index.ts';
import { allLobbyGames } from '../games/lobby.ts';
import type { LobbyGame } from '../../shared/schemas/games.ts';
import { FAQ_TABS } from './catalog.ts';

export interface PromotionText {
  title: string;
  brief: string;
  body: string;
}

export interface SiteSnapshot {
  gameGroups: { id: number; name: string; slug: string; type: string; status: string }[];
  /** The sports entry shows only while group 2 is an active online group. */
  sportsAvailable: boolean;
  /** Every listed game in lobby order: the lobby pages render the first ones into their HTML. */
  games: LobbyGame[];
  /** Providers with listed games, and the lobbies (online, live) they appear in. */
  gameProviders: { id: number; provider_name: string; type: ('online' | 'live')[] }[];
  promotions: { id: number; code: string; imageUrl: string | null; texts: Partial<Record<Locale, PromotionText>> }[];
  pages: Partial<Record<Locale, { tab: string; title: string; body: string }[]>>;
  slider: Partial<Record<Locale, { title: string; text: string; cta: string; image: string; mobileImage: string }[]>>;
  licenseLine: Partial<Record<Locale, string>>;
  footer: Partial<Record<Locale, string[]>>;
}

/** Reads everything the build renders; one query per table. */
export async function readSnapshot(db: Executor): Promise<SiteSnapshot> {
  const groups = await db.select().from(gameGroups).orderBy(asc(gameGroups.type), asc(gameGroups.position));
  const promos = await db.select().from(promotions).where(eq(promotions.status, 'active')).orderBy(asc(promotions.position), asc(promotions.id));
  const content = await db.select().from(siteContent).orderBy(asc(siteContent.position), asc(siteContent.id));
  const lobby = await allLobbyGames(db);
  const snapshot: SiteSnapshot = {
    gameGroups: groups.map((g) => ({ id: g.id, name: g.groupName, slug: g.groupSlug, type: g.type, status: g.status })),
    sportsAvailable: groups.some((g) => g.id === 2 && g.type === 'online' && g.status === 'activated'),
    games: lobby,
    gameProviders: providersOf(lobby),
    promotions: [],
    pages: {},
    slider: {},
    licenseLine: {},
    footer: {},
  };
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
      });
    }
  }
  for (const pages of Object.values(snapshot.pages)) pages.sort((a, b) => FAQ_TABS.indexOf(a.tab as never) - FAQ_TABS.indexOf(b.tab as never));
  snapshot.promotions = promos.map((p) => ({
    id: p.id,
    code: p.promoCode,
    imageUrl: p.imageUrl,
    texts: Object.fromEntries(LOCALES.flatMap((l) => (texts.has(`${p.id}:${l}`) ? [[l, texts.get(`${p.id}:${l}`)]] : []))),
  }));
  // A promotion without an English text cannot be shown anywhere.
  snapshot.promotions = snapshot.promotions.filter((p) => p.texts[DEFAULT_LOCALE]);
  return snapshot;
}

function providersOf(lobby: LobbyGame[]): SiteSnapshot['gameProviders'] {
  const byId = new Map<number, SiteSnapshot['gameProviders'][number]>();
  for (const g of lobby) {
    const p = byId.get(g.provider_id) ?? { id: g.provider_id, provider_name: g.provider_name, type: [] };
    if (!p.type.includes(g.type)) p.type.push(g.type);
    byId.set(g.provider_id, p);
  }
  return [...byId.values()];
}
