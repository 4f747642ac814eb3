// The Chromium that browser tests and Lighthouse drive: CHROMIUM_PATH when set, otherwise
// the headless shell inside the npm package @sparticuz/chromium (Chromium's own headless
// build, without the browser's user interface), unpacked to the temporary directory on first
// use, so that `npm install && npm test` needs nothing but Node and npm. It runs the same
// engine as a desktop Chromium; a fresh browser context costs it less than half the processor
// time of Debian's full Chromium 156 in its new headless mode, and the browser project took
// 1,021 core-seconds with it against 1,388 (docs/testing.md, "Which Chromium"). Should the
// package's browser not unpack, the system's /usr/bin/chromium serves.
import { existsSync } from 'node:fs';

const SYSTEM = '/usr/bin/chromium';

export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    // Only the binary: the package's own flags are for serverless hosts (one process, no web security).
    const { default: packaged } = await import('@sparticuz/chromium');
    return await packaged.executablePath();
  } catch (error) {
    if (existsSync(SYSTEM)) return SYSTEM;
    throw error;
  }
}
