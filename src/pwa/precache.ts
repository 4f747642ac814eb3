// Build-time part of the PWA (astro.config.mjs): turns the files Workbox found into the
// addresses pages are asked for, and ties the worker to the whole build, so that every
// build whose pages differ (new code, new texts, content published from the admin)
// installs a new worker and the open tabs offer "A new version is available — Reload".
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

/** Astro's directory format writes /de/offline/index.html for the address /de/offline. */
export function pageAddress(url: string): string {
  return url === 'index.html' ? '/' : url.replace(/\/index\.html$/, '');
}

/** A digest of every page of the build in `outDir`: equal builds, equal digest. */
export function pagesDigest(outDir: string): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, item.name);
      if (item.isDirectory()) visit(full);
      else if (item.name.endsWith('.html')) hash.update(relative(outDir, full)).update('\0').update(readFileSync(full));
    }
  };
  visit(outDir);
  return hash.digest('hex').slice(0, 16);
}

/** Workbox `manifestTransforms` entry: page addresses, and the build's digest in the web manifest's revision. */
export function precacheTransform(outDir: string) {
  return async (entries: Entry[]): Promise<{ manifest: Entry[]; warnings: string[] }> => {
    const build = pagesDigest(outDir);
    const manifest = entries.map((e) => ({
      ...e,
      url: e.url.endsWith('.html') ? pageAddress(e.url) : e.url,
      revision: e.url === 'manifest.webmanifest' ? `${e.revision}-${build}` : e.revision,
    }));
    return { manifest, warnings: [] };
  };
}
