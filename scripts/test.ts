// `npm test`: lint, then the type check (`astro check`, which checks every .ts and .tsx
// file that `tsc` does and the .astro files too) beside every vitest project (unit, API on
// PGlite and on PostgreSQL when TEST_DATABASE_URL is set, server processes, browser,
// Lighthouse). Then the slowest files, and last the runner's summary: "N passed, N failed".
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

// The type check runs beside the first vitest projects, which leave a core idle now and
// then; its output is held back so that it does not interleave with the tests'.
console.log('\n▶ Type check (astro check), beside the tests');
const typeCheckStarted = Date.now();
const typeCheck = new Promise<{ ok: boolean; output: string }>((resolve) => {
  const child = spawn(bin('astro'), ['check', '--minimumSeverity', 'warning'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.on('close', (code) => resolve({ ok: code === 0, output: `${output}\n(${seconds(typeCheckStarted)})` }));
});

mkdirSync(join(root, 'test-results'), { recursive: true });
const report = join(root, 'test-results/vitest.json');
// A report left by an earlier run must not speak for this one.
rmSync(report, { force: true });
rmSync(join(root, TIMINGS_FILE), { force: true });
const testsStarted = Date.now();
const vitest = new Promise<number | null>((resolve) => {
  const child = spawn(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--reporter=./scripts/timings-reporter.ts', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
      cwd: root,
      env: process.env,
    },
  );
  child.on('close', (code) => resolve(code));
});

const checked = await typeCheck;
console.log(`\n▶ Type check (astro check)\n${checked.output.trim()}`);
if (!checked.ok) {
  failedSteps++;
  console.log('✗ Type check (astro check) failed');
}
const vitestCode = await vitest;
// The machine's load says how far the times can be compared with another run's.
console.log(
  `\nTests (vitest): ${seconds(testsStarted)}; the whole run: ${seconds(started)}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

let passed = 0;
let failed = failedSteps;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  if (json.numTotalTests === 0) failed++;
  // An error outside any test (a global setup, an unhandled rejection) fails the run too.
  else if (vitestCode !== 0 && json.numFailedTests === 0) failed++;
} else {
  failed++;
}
printSlowest();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
