// Seeds the demo catalogue: providers, then games. Rows that exist are left alone, so
// an operator's changes survive restarts.
import type { Db } from '../db/client.ts';
import { gameProviders, games } from '../db/schema/index.ts';
import { GAMES, PROVIDERS, thumbnailOf } from './games.ts';
import { seedJackpots } from '../games/jackpot.ts';

/** Inserts the catalogue's providers, games and jackpot pools that are not there yet. */
export async function seedGames(db: Db): Promise<void> {
  await seedJackpots(db);
  await db
    .insert(gameProviders)
    .values(PROVIDERS.map((p, i) => ({ slug: p.slug, providerName: p.name, position: i + 1 })))
    .onConflictDoNothing();
  const providers = new Map((await db.select({ id: gameProviders.id, slug: gameProviders.slug }).from(gameProviders)).map((p) => [p.slug, p.id]));
  const rows = GAMES.flatMap((g, i) => {
    const providerId = providers.get(g.provider);
    if (providerId === undefined) return [];
    return [
      {
        externalGameId: `${g.provider}:${g.slug}`,
        slug: g.slug,
        name: g.name,
        providerId,
        groupId: g.group,
        type: g.type,
        engine: g.engine,
        config: { theme: g.theme, ...g.config },
        sections: g.sections,
        thumbnail: thumbnailOf(g.slug),
        position: i + 1,
      },
    ];
  });
  await db.insert(games).values(rows).onConflictDoNothing();
}
