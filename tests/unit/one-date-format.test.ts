// SPEC §1's one date format, YYYY.MM.DD with an optional 24-hour time: the formatter of
// src/lib/format.ts, and no other file in src writing a date by itself (the limit refusal
// once said "It resets on Nov 29, 2026, 12:00 AM" while the lists said "2026.11.28 04:30 PM").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, formatTime } from '../../src/lib/format.ts';
import { protectionSentence } from '../../src/shared/protection.ts';

const SRC = join(import.meta.dirname, '../../src');
const FORMATTER = 'lib/format.ts';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|astro|mjs|js)$/.test(name)) yield path;
  }
}

describe('the one date formatter', () => {
  // Local time: the formatter writes the browser's time zone.
  const afternoon = new Date(2026, 10, 28, 16, 30, 9);

  it('writes YYYY.MM.DD, and the time on the 24-hour clock as HH:MM', () => {
    expect(formatDate(afternoon)).toBe('2026.11.28');
    expect(formatDate(afternoon, true)).toBe('2026.11.28 16:30');
    expect(formatDate(new Date(2026, 0, 2, 0, 5), true)).toBe('2026.01.02 00:05');
    expect(formatDate(afternoon.toISOString(), true)).toBe('2026.11.28 16:30');
    expect(formatTime(afternoon)).toBe('16:30');
    expect(formatMonth('2026-11')).toBe('2026.11');
    for (const bad of ['not a date', '']) {
      expect(formatDate(bad)).toBe('');
      expect(formatTime(bad)).toBe('');
    }
    expect(formatMonth('November')).toBe('');
  });

  it('writes the limit refusal and the break in the same form, never "AM" or "PM"', () => {
    const midnight = new Date(2026, 10, 29, 0, 0).toISOString();
    const t = (key: string, ...args: (string | number)[]) => `${key}:${args.join('|')}`;
    const limit = protectionSentence({ limit: { kind: 'deposit_day', amount: 20, currency: 'EUR', resets_at: midnight } }, t, 'en-US');
    expect(limit).toContain('|2026.11.29 00:00');
    expect(protectionSentence({ until: midnight }, t, 'en-US')).toBe('player_on_break:2026.11.29 00:00');
    expect(limit).not.toMatch(/AM|PM|Nov/);
  });

  it('is the only place in src that formats a date', () => {
    const own =
      /toLocaleDateString|toLocaleTimeString|DateTimeFormat|RelativeTimeFormat|toUTCString|toDateString|toTimeString|formatDateTime|(?:new Date|Date)\([^)]*\)\.toLocaleString/;
    // A Date's own toLocaleString (without a number before it) is as much a date format.
    const dateLocale = /\.toLocaleString\((?:[^)]*(?:dateStyle|timeStyle|hour|month|weekday))/;
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name === FORMATTER) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (own.test(line) || dateLocale.test(line)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
