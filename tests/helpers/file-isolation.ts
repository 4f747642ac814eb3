// The API suites run without vitest's per-file isolation (`isolate: false`): a worker keeps
// the server's modules loaded from one file to the next instead of importing them again
// for each (half of those projects' time). What a file changes in those modules for its
// own tests (a spied engine dealing a stacked deck, a stubbed global, fake timers) is
// undone when the file ends, so no file sees another's.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
