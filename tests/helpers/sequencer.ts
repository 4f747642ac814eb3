// The order files start in: the longest first, so that two workers finish together instead
// of one running a long file alone at the end. A group's projects still run one after
// another, the one with the longest file first (vitest's own order is by name, and on a
// clean clone without its cache, the largest files first). A file's length is the one
// vitest's cache remembers from this machine's last run, else the one recorded in
// tests/durations.json (`npm run test:timings -- --save` after a full run); a file known
// to neither runs first.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { DURATIONS_FILE, type Durations, durationKey } from '../../scripts/timings-reporter.ts';

function recorded(root: string): Durations {
  try {
    return JSON.parse(readFileSync(join(root, DURATIONS_FILE), 'utf8')) as Durations;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durations = recorded(root);
    const expected = (spec: TestSpecification): number => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached) return cached / 1000;
      return durations[durationKey(spec.project.name, relative(root, spec.moduleId))] ?? Number.POSITIVE_INFINITY;
    };
    const length = new Map(files.map((spec) => [spec, expected(spec)]));
    // A project's files stay together (a worker keeps a project's modules loaded from one
    // file to the next: vitest.config.ts); the project with the longest file goes first.
    const longest = new Map<string, number>();
    for (const [spec, seconds] of length) longest.set(spec.project.name, Math.max(longest.get(spec.project.name) ?? 0, seconds));
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name)
        return (longest.get(b.project.name) ?? 0) - (longest.get(a.project.name) ?? 0) || a.project.name.localeCompare(b.project.name);
      return (length.get(b) ?? 0) - (length.get(a) ?? 0) || a.moduleId.localeCompare(b.moduleId);
    });
  }
}
