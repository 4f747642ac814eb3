// The Chromium that browser tests and Lighthouse drive: the system's when there is one
// (CHROMIUM_PATH, else /usr/bin/chromium), otherwise the headless Chromium shipped inside
// the npm package @sparticuz/chromium, so that `npm install && npm test` needs nothing but
// Node and npm. The package's browser is unpacked to the temporary directory on first use.
import { existsSync } from 'node:fs';

export async function chromiumPath(): Promise<string> {
  const system = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(system)) return system;
  // Only the binary: the package's own flags are for serverless hosts (one process, no web security).
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
