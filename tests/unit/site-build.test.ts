import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStale, sourceFingerprint } from '../../src/server/site-build.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A dist/client with a home page and the stamp a build for `siteUrl` leaves beside it. */
function builtFor(siteUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'casino-stamp-'));
  const dist = join(dir, 'client');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dir, '.build-stamp'), sourceFingerprint(ROOT, siteUrl));
  return dist;
}

describe('site build staleness', () => {
  it('keeps a build made from the same sources for the same origin', () => {
    expect(isStale(ROOT, builtFor('http://localhost:4321'), 'http://localhost:4321')).toBe(false);
  });

  it('rebuilds when the server will announce another origin', () => {
    const dist = builtFor('http://localhost:4321');
    expect(isStale(ROOT, dist, 'http://localhost:5123')).toBe(true);
    expect(isStale(ROOT, dist, 'https://casino.example')).toBe(true);
  });

  it('rebuilds a site that was never built', () => {
    expect(isStale(ROOT, join(mkdtempSync(join(tmpdir(), 'casino-stamp-')), 'client'), 'http://localhost:4321')).toBe(true);
  });
});
