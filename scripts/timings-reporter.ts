// A vitest reporter that keeps each test file's wall time and project in
// test-results/timings.json, for `npm run test:timings` and the end of `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  project: string;
  file: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  state: string;
}

export const TIMINGS_FILE = 'test-results/timings.json';

/** Each file's seconds in the last recorded run, the order a clean clone starts them in (tests/helpers/sequencer.ts). */
export const DURATIONS_FILE = 'tests/durations.json';

/** Recorded seconds per `project:file`. */
export type Durations = Record<string, number>;

export const durationKey = (project: string, file: string) => `${project}:${file}`;

export default class TimingsReporter implements Reporter {
  private readonly started = new Map<TestModule, number>();
  private readonly rows: FileTiming[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    this.rows.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      start: this.started.get(module) ?? end - module.diagnostic().duration,
      end,
      state: module.state(),
    });
  }

  onTestRunEnd(): void {
    mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
    const path = join(process.cwd(), TIMINGS_FILE);
    // `npm test`'s second run adds its files to the first's (TIMINGS_APPEND, scripts/test.ts).
    const earlier = process.env.TIMINGS_APPEND && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as FileTiming[]) : [];
    writeFileSync(path, `${JSON.stringify([...earlier, ...this.rows], null, 1)}\n`);
  }
}
