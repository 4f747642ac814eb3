// `npm test`: type checks, lint, then every vitest project (unit, API on PGlite and
// on PostgreSQL when TEST_DATABASE_URL is set, server processes, browser). The last
// line is the runner's summary: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const bin = (name: string) => join(root, 'node_modules/.bin', name);
let failedSteps = 0;

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: process.env });
  const ok = result.status === 0;
  if (!ok) {
    failedSteps++;
    console.log(`✗ ${title} failed`);
  }
  return ok;
}

step('Type check (astro check)', bin('astro'), ['check', '--minimumSeverity', 'warning']);
step('Type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('Lint and format (biome)', bin('biome'), ['check', '.']);

mkdirSync(join(root, 'test-results'), { recursive: true });
const report = join(root, 'test-results/vitest.json');
step('Tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);

let passed = 0;
let failed = failedSteps;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  if (json.numTotalTests === 0) failed++;
} else {
  failed++;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
