// `npm test`: lint; then the API group of vitest projects (unit, edge, API on PGlite and on
// PostgreSQL when TEST_DATABASE_URL is set, server processes) with the type check (`astro
// check`, which checks every .ts and .tsx file that `tsc` does and the .astro files too) and
// the browser tests' site build beside it; then the browser group (browser, Lighthouse).
// Then the slowest files, and last the runner's summary: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { printSlowest } from './test-timings.ts';
import { TIMINGS_FILE } from './timings-reporter.ts';

const root = process.cwd();
const bin = (name: string) => join(root, 'node_modules/.bin', name);
let failedSteps = 0;
const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const since = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: process.env });
  const ok = result.status === 0;
  if (!ok) {
    failedSteps++;
    console.log(`✗ ${title} failed`);
  } else console.log(`✓ ${title} (${seconds(since)})`);
  return ok;
}

step('Lint and format (biome)', bin('biome'), ['check', '.']);

/** Runs a command with its output held back (so it does not interleave with the tests'), then prints it. */
function beside(title: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${title}, beside the tests`);
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('close', (code) => {
      console.log(`\n▶ ${title}\n${output.trim()}\n(${seconds(since)})`);
      if (code !== 0) {
        failedSteps++;
        console.log(`✗ ${title} failed`);
      }
      resolve(code === 0);
    });
  });
}

mkdirSync(join(root, 'test-results'), { recursive: true });
// Reports left by an earlier run must not speak for this one.
rmSync(join(root, TIMINGS_FILE), { force: true });
const reports: string[] = [];

/** One vitest run of a group of projects (vitest.config.ts, TEST_GROUP); answers its exit code. */
function vitest(group: 'api' | 'browser' | 'lighthouse'): Promise<number | null> {
  const report = join(root, `test-results/vitest-${group}.json`);
  rmSync(report, { force: true });
  reports.push(report);
  const titles = { api: 'unit, edge, API suites, server processes', browser: 'browser', lighthouse: 'Lighthouse, alone' };
  console.log(`\n▶ Tests: ${titles[group]}`);
  return new Promise((resolve) => {
    const child = spawn(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', '--reporter=./scripts/timings-reporter.ts', `--outputFile.json=${report}`],
      { stdio: 'inherit', cwd: root, env: { ...process.env, TEST_GROUP: group, TIMINGS_APPEND: '1' } },
    );
    child.on('close', (code) => resolve(code));
  });
}

// The type check (astro check) and the site the browser tests use are built beside the
// first tests, which leave a core idle now and then; the browser projects run after, so
// that their servers (whose games' clocks keep a tenth of a core busy each) start only then.
const testsStarted = Date.now();
const typeCheck = beside('Type check (astro check)', bin('astro'), ['check', '--minimumSeverity', 'warning']);
const siteBuild = beside('Site for the browser tests', process.execPath, ['tests/helpers/e2e-setup.ts']);
const codes = [await vitest('api')];
await Promise.all([typeCheck, siteBuild]);
codes.push(await vitest('browser'));
// Lighthouse in a run of its own: the browser tests' servers (and their games' clocks) stop
// when their run ends, and a page's blocking time measured beside them judges the machine.
codes.push(await vitest('lighthouse'));
// The machine's load says how far the times can be compared with another run's.
console.log(
  `\nTests (vitest): ${seconds(testsStarted)}; the whole run: ${seconds(started)}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

let passed = 0;
let failed = failedSteps;
for (const [i, report] of reports.entries()) {
  if (!existsSync(report)) {
    failed++;
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  if (json.numTotalTests === 0) failed++;
  // An error outside any test (a global setup, an unhandled rejection) fails the run too.
  else if (codes[i] !== 0 && json.numFailedTests === 0) failed++;
}
printSlowest();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
