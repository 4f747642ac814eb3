// Checks the interface catalogs against locales/en.json: the same namespaces and keys,
// the same {0} placeholders, no empty text, and for a message with a number in it
// (an object of plural forms) exactly the plural forms its language has.
// Usage: node scripts/check-locales.ts [locale…] (--skip=ns1,ns2 leaves namespaces out,
// for a translation in progress).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalog, type Message, pluralCategories } from '../src/lib/plural.ts';
import { type Locale, LOCALES } from '../src/shared/locales.ts';

const dir = join(import.meta.dirname, '../locales');
const read = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Catalog;

const placeholders = (s: string) => (s.match(/\{\d+\}/g) ?? []).sort().join(',');

/** What is wrong with one message of `locale` against the English one. */
function messageProblems(where: string, english: Message, got: Message | undefined, locale: Locale): string[] {
  if (got === undefined) return [`${where}: missing`];
  const wanted = placeholders(typeof english === 'string' ? english : (english.other ?? ''));
  if (typeof english === 'string') {
    if (typeof got !== 'string') return [`${where}: a text is wanted, not plural forms`];
    if (got.trim() === '') return [`${where}: empty`];
    return placeholders(got) === wanted ? [] : [`${where}: placeholders ${placeholders(got) || 'none'} instead of ${wanted}`];
  }
  if (typeof got === 'string' || got === null || typeof got !== 'object') return [`${where}: plural forms are wanted (${pluralCategories(locale).join(', ')})`];
  const problems: string[] = [];
  const forms = Object.keys(got).sort().join(', ');
  const needed = [...pluralCategories(locale)].sort().join(', ');
  if (forms !== needed) problems.push(`${where}: plural forms ${forms} instead of ${needed}`);
  for (const [form, text] of Object.entries(got)) {
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${where}.${form}: empty`);
    else if (placeholders(text) !== wanted) problems.push(`${where}.${form}: placeholders ${placeholders(text) || 'none'} instead of ${wanted}`);
  }
  return problems;
}

/** Problems of one locale's catalog against English. */
export function catalogProblems(en: Catalog, other: Catalog, skip: string[] = [], locale: Locale = 'en'): string[] {
  const problems: string[] = [];
  for (const ns of Object.keys(en)) {
    if (skip.includes(ns)) continue;
    if (!other[ns]) {
      problems.push(`${ns}: namespace missing`);
      continue;
    }
    for (const [key, text] of Object.entries(en[ns] ?? {})) problems.push(...messageProblems(`${ns}.${key}`, text, other[ns]?.[key], locale));
    for (const key of Object.keys(other[ns] ?? {})) if (!(key in (en[ns] ?? {}))) problems.push(`${ns}.${key}: not in en.json`);
  }
  for (const ns of Object.keys(other)) if (!(ns in en)) problems.push(`${ns}: namespace not in en.json`);
  return problems;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const skip = (args.find((a) => a.startsWith('--skip='))?.slice(7) ?? '').split(',').filter(Boolean);
  const wanted = args.filter((a) => !a.startsWith('--'));
  const en = read('en');
  let failed = 0;
  for (const code of wanted.length > 0 ? (wanted as Locale[]) : LOCALES) {
    const problems = catalogProblems(en, read(code), skip, code);
    if (problems.length > 0) {
      failed++;
      console.log(`✗ ${code}\n  ${problems.slice(0, 40).join('\n  ')}${problems.length > 40 ? `\n  … ${problems.length - 40} more` : ''}`);
    } else console.log(`✓ ${code}`);
  }
  process.exit(failed === 0 ? 0 : 1);
}
