// Checks that every content seed file has exactly the keys of en.json and the same
// HTML tag sequence in every text (so translations keep structure and links).
// Usage: node scripts/check-content.ts [locale…]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../src/server/demo/content');
const en = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as unknown;
const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)(?:\s+href="([^"]*)")?[^>]*>/gi)].map((m) => `${m[1]}${m[2] ? `[${m[2]}]` : ''}`).join(' ');

function compare(a: unknown, b: unknown, path: string, problems: string[]): void {
  if (typeof a === 'string') {
    if (typeof b !== 'string') problems.push(`${path}: expected text`);
    else if (tags(a) !== tags(b)) problems.push(`${path}: HTML structure differs\n    en: ${tags(a)}\n    xx: ${tags(b)}`);
    else if (b.trim() === '') problems.push(`${path}: empty`);
    return;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || b.length !== a.length) problems.push(`${path}: expected ${a.length} items`);
    else for (const [i, item] of a.entries()) compare(item, b[i], `${path}[${i}]`, problems);
    return;
  }
  const ao = a as Record<string, unknown>;
  const bo = (b ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(ao)) {
    if (!(key in bo)) problems.push(`${path}.${key}: missing`);
    else compare(ao[key], bo[key], `${path}.${key}`, problems);
  }
  for (const key of Object.keys(bo)) if (!(key in ao)) problems.push(`${path}.${key}: not in en.json`);
}

const wanted = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json' && (wanted.length === 0 || wanted.includes(f.replace('.json', ''))));
let failed = 0;
for (const file of files) {
  const problems: string[] = [];
  try {
    compare(en, JSON.parse(readFileSync(join(dir, file), 'utf8')), file.replace('.json', ''), problems);
  } catch (error) {
    problems.push(`${file}: ${(error as Error).message}`);
  }
  if (problems.length > 0) {
    failed++;
    console.log(`✗ ${file}\n  ${problems.join('\n  ')}`);
  } else console.log(`✓ ${file}`);
}
process.exit(failed === 0 ? 0 : 1);
