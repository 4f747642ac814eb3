// Checks the interface catalogs against locales/en.json: the same namespaces and keys,
// the same {0} placeholders, no empty text. Usage: node scripts/check-locales.ts [locale…]
// (--skip=ns1,ns2 leaves namespaces out, for a translation in progress).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../src/shared/locales.ts';

type Catalog = Record<string, Record<string, string>>;
const dir = join(import.meta.dirname, '../locales');
const read = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Catalog;

/** Problems of one locale's catalog against English. */
export function catalogProblems(en: Catalog, other: Catalog, skip: string[] = []): string[] {
  const problems: string[] = [];
  const placeholders = (s: string) => (s.match(/\{\d+\}/g) ?? []).sort().join(',');
  for (const ns of Object.keys(en)) {
    if (skip.includes(ns)) continue;
    if (!other[ns]) {
      problems.push(`${ns}: namespace missing`);
      continue;
    }
    for (const [key, text] of Object.entries(en[ns] ?? {})) {
      const got = other[ns]?.[key];
      if (typeof got !== 'string') problems.push(`${ns}.${key}: missing`);
      else if (got.trim() === '') problems.push(`${ns}.${key}: empty`);
      else if (placeholders(got) !== placeholders(text))
        problems.push(`${ns}.${key}: placeholders ${placeholders(got) || 'none'} instead of ${placeholders(text)}`);
    }
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
  for (const code of wanted.length > 0 ? wanted : LOCALES.filter((l) => l !== 'en')) {
    const problems = catalogProblems(en, read(code), skip);
    if (problems.length > 0) {
      failed++;
      console.log(`✗ ${code}\n  ${problems.slice(0, 40).join('\n  ')}${problems.length > 40 ? `\n  … ${problems.length - 40} more` : ''}`);
    } else console.log(`✓ ${code}`);
  }
  process.exit(failed === 0 ? 0 : 1);
}
