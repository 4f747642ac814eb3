// Build-time part of the PWA (astro.config.mjs): keeps of the files Workbox found the
// offline pages and what they load, turns them into the addresses pages are asked for, and
// ties the worker to the whole build, so that every build whose pages differ (new code,
// new texts, content published from the admin) installs a new worker and the open tabs
// offer "A new version is available — Reload".
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

const ASSET = /\/_astro\/[\w.-]+/g;
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+)"/g;

/**
 * The hashed assets (`_astro/…`, as Workbox names them) the offline pages of every locale
 * load: their stylesheets with what those refer to, and their scripts with every module
 * those import statically (a dynamic `import()` is loaded on use, and cached then). Only the
 * default locale's page is precached, but whichever locale's page the worker keeps shows
 * with these.
 */
export function offlineAssets(outDir: string): Set<string> {
  const pages = readdirSync(outDir, { withFileTypes: true })
    .filter((item) => item.isDirectory())
    .map((item) => join(outDir, item.name, 'offline/index.html'))
    .concat(join(outDir, 'offline/index.html'))
    .filter((page) => existsSync(page));
  const pending = pages.flatMap((page) => readFileSync(page, 'utf8').match(ASSET) ?? []);
  const found = new Set<string>();
  for (let address = pending.pop(); address !== undefined; address = pending.pop()) {
    const file = address.slice(1);
    if (found.has(file)) continue;
    found.add(file);
    const text = readFileSync(join(outDir, file), 'utf8');
    if (file.endsWith('.css')) pending.push(...(text.match(ASSET) ?? []));
    else if (file.endsWith('.js')) for (const [, name] of text.matchAll(STATIC_IMPORT)) pending.push(`/_astro/${name}`);
  }
  return found;
}

/**
 * Workbox `manifestTransforms` entry: of the hashed assets only what the offline pages need
 * (every other script and stylesheet is cached by the worker when a page first uses it, so a
 * first visit does not download every game's code), page addresses, and the build's digest
 * in the web manifest's revision.
 */
export function precacheTransform(outDir: string) {
  return async (entries: Entry[]): Promise<{ manifest: Entry[]; warnings: string[] }> => {
    const build = pagesDigest(outDir);
    const offline = offlineAssets(outDir);
    const manifest = entries
      .filter((e) => !e.url.startsWith('_astro/') || offline.has(e.url))
      .map((e) => ({
        ...e,
        url: e.url.endsWith('.html') ? pageAddress(e.url) : e.url,
        revision: e.url === 'manifest.webmanifest' ? `${e.revision}-${build}` : e.revision,
      }));
    return { manifest, warnings: [] };
  };
}
