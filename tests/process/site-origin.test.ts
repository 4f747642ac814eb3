// `npm start` on another port (or behind SITE_URL) builds the site for the origin it
// announces: canonical and hreflang links, the sitemap and robots.txt name it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer } from '../helpers/spawn.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

describe('the origin the site is built for', () => {
  it('is the one npm start announces when it runs on another port', async () => {
    const port = await freePort();
    const dir = tmp('casino-origin-');
    // No SKIP_BUILD: the server builds its own site into a directory of its own, as npm start does.
    const server = await spawnServer(
      { PORT: String(port), SKIP_BUILD: '', DATA_DIR: join(dir, 'data'), DIST_DIR: join(dir, 'site', 'client') },
      { startMs: 280_000 },
    );
    try {
      const origin = `http://127.0.0.1:${port}`;
      expect(server.url).toBe(origin);

      const home = await (await fetch(`${origin}/de`)).text();
      const links = [...home.matchAll(/<link rel="(canonical|alternate)" (?:hreflang="([\w-]+)" )?href="([^"]+)"/g)].map((m) => `${m[2] ?? m[1]} ${m[3]}`);
      expect(links).toContain(`canonical ${origin}/de`);
      expect(links).toContain(`ja ${origin}/jp`);
      expect(links).toContain(`x-default ${origin}/`);
      expect(home).not.toContain('localhost:4321');

      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${origin}/de/online-casino</loc>`);
      expect(sitemap).not.toContain('localhost:4321');

      expect(await (await fetch(`${origin}/robots.txt`)).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('refuses a production start without SITE_URL, naming it, with exit code 2', async () => {
    const secret = 's'.repeat(40);
    const server = await spawnServer(
      { NODE_ENV: 'production', JWT_SECRET: secret, WEBHOOK_SECRET: secret, DATA_DIR: tmp('casino-data-'), SKIP_BUILD: 'true' },
      { waitForUrl: false },
    );
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('SITE_URL: required when NODE_ENV=production');
  });
});
