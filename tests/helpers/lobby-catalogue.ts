// A lobby of 5,000 games for the browser: the site's own titles again and again, answered
// to the page's get_games calls by the browser context itself. The slot test checks that
// the lobby filters it right; `npm run bench lobby-filter` times the filter against a bare
// DOM update in the same page.
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { ListedGame } from '../../src/shared/schemas/games.ts';

export async function bigCatalogue(context: BrowserContext, baseUrl: string, size = 5_000): Promise<ListedGame[]> {
  const real = (await (
    await fetch(`${baseUrl}/api/front/get_games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"online","itemsPerPage":100}',
    })
  ).json()) as { gameList: { rows: ListedGame[] } };
  const big: ListedGame[] = Array.from({ length: size }, (_, i) => {
    const g = real.gameList.rows[i % real.gameList.rows.length] as ListedGame;
    return { ...g, id: 100_000 + i, name: `${g.name} ${i}`, slug: `${g.slug}-${i}` };
  });
  await context.route('**/api/front/get_games', async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { page?: number; itemsPerPage?: number; filterProvider?: number };
    const perPage = body.itemsPerPage ?? 24;
    const matching = big.filter((g) => !body.filterProvider || g.provider_id === body.filterProvider);
    const from = ((body.page ?? 1) - 1) * perPage;
    await route.fulfill({ json: { status: 1, gameList: { count: matching.length, rows: matching.slice(from, from + perPage) } } });
  });
  return big;
}

/** Opens the lobby, reaches for it (it hydrates and reads its whole catalogue then), and answers the provider filter's values. */
export async function openBigLobby(page: Page, baseUrl: string, providerLabel: string): Promise<string[]> {
  const catalogue = page.waitForResponse((r) => r.url().endsWith('/api/front/get_games') && r.request().postData()?.includes('"page":50') === true);
  await page.goto(`${baseUrl}/online-casino`);
  await page.locator('.lobby-games').hover();
  await catalogue;
  await page.locator('astro-island:not([ssr]) .lobby-games[aria-busy="false"]').waitFor();
  return page
    .getByLabel(providerLabel)
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/** Milliseconds from the provider's change to the grid's first DOM change: the filter, React's render and the update. */
export function timeFilter(page: Page, provider: string): Promise<number> {
  return page.evaluate(
    (value) =>
      new Promise<number>((resolve) => {
        const select = document.querySelector<HTMLSelectElement>('.lobby-filters select[name=provider]') as HTMLSelectElement;
        const grid = document.querySelector('.lobby-games') as HTMLElement;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now() - t0);
        });
        observer.observe(grid, { childList: true, subtree: true, characterData: true });
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    provider,
  );
}
