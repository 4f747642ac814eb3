// `npm run test:timings`: the 15 slowest test files of the last run and the wall time of
// each vitest project, from test-results/timings.json (scripts/timings-reporter.ts), so
// that the next slowdown is seen the day it comes. With `--save`, each file's time goes to
// tests/durations.json, the order the next clean clone starts its files in (longest first:
// tests/helpers/sequencer.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DURATIONS_FILE, type Durations, durationKey, type FileTiming, TIMINGS_FILE } from './timings-reporter.ts';

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function printSlowest(count = 15): void {
  const path = join(process.cwd(), TIMINGS_FILE);
  if (!existsSync(path)) {
    console.log(`\nNo timings yet: ${TIMINGS_FILE} is written by a run of npm test.`);
    return;
  }
  const rows = JSON.parse(readFileSync(path, 'utf8')) as FileTiming[];
  const slowest = [...rows].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, count);
  console.log(`\nThe ${slowest.length} slowest test files (wall time, two files run at once):`);
  for (const r of slowest) console.log(`  ${s(r.end - r.start).padStart(8)}  ${r.project.padEnd(10)} ${r.file}`);
  const projects = new Map<string, FileTiming[]>();
  for (const r of rows) projects.set(r.project, [...(projects.get(r.project) ?? []), r]);
  console.log('Per project (wall time from its first file to its last; files):');
  for (const [name, files] of projects) {
    const wall = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
    console.log(`  ${s(wall).padStart(8)}  ${name.padEnd(10)} ${files.length}`);
  }
}

/** Records each file's time of the last run in tests/durations.json, in seconds. */
export function saveDurations(): void {
  const rows = JSON.parse(readFileSync(join(process.cwd(), TIMINGS_FILE), 'utf8')) as FileTiming[];
  const durations: Durations = {};
  for (const r of [...rows].sort((a, b) => durationKey(a.project, a.file).localeCompare(durationKey(b.project, b.file))))
    durations[durationKey(r.project, r.file)] = Math.round((r.end - r.start) / 100) / 10;
  writeFileSync(join(process.cwd(), DURATIONS_FILE), `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`${Object.keys(durations).length} files' times saved in ${DURATIONS_FILE}.`);
}

if (import.meta.main) {
  printSlowest();
  if (process.argv.includes('--save')) saveDurations();
}
