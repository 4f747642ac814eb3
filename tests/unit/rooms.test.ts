// The rooms of src/ and who may import whom: client code (what runs in the browser or
// renders the pages) never imports the server, the contract and shared types live in
// src/shared, and islands reach the API only through a store.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Rooms whose code runs in the browser or renders the static pages. */
const CLIENT_ROOMS = ['lib', 'stores', 'islands', 'studio', 'pages', 'components', 'layouts', 'shell', 'shared'];

function filesUnder(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [join(dir, e.name)] : []));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Every file `file` imports (static, side-effect and dynamic imports), as paths from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1] as string)
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(ROOT, resolve(dirname(file), s)));
}

function offenders(rooms: string[], forbidden: (target: string) => boolean): string[] {
  return rooms.flatMap((room) =>
    filesUnder(join(SRC, room)).flatMap((file) =>
      importsOf(file)
        .filter(forbidden)
        .map((target) => `${relative(ROOT, file)} → ${target}`),
    ),
  );
}

describe('rooms', () => {
  it('no client room imports src/server', () => {
    expect(offenders(CLIENT_ROOMS, (t) => t.startsWith('src/server/'))).toEqual([]);
  });

  it('no island imports lib/api: islands call store actions', () => {
    expect(offenders(['islands'], (t) => t === 'src/lib/api.ts')).toEqual([]);
  });

  it('build-time code stays out of the browser rooms', () => {
    // src/build reads files and the build's settings; only pages, components and layouts render with it.
    expect(offenders(['lib', 'stores', 'islands', 'studio', 'shell', 'shared'], (t) => t.startsWith('src/build/'))).toEqual([]);
  });

  it('the import reader sees every kind of import', () => {
    // A guard on the test itself: a reader that missed dynamic imports would pass anything.
    const sample = join(SRC, 'islands/auth/ModalHost.tsx');
    expect(importsOf(sample).some((t) => t.startsWith('src/islands/'))).toBe(true);
    expect([...readFileSync(sample, 'utf8').matchAll(SPECIFIER)].length).toBeGreaterThan(3);
  });
});
