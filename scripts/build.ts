// `npm run build`: the static site in every locale, precompressed, stamped with its sources.
import { join } from 'node:path';
import { buildSite } from '../src/server/site-build.ts';

const root = process.cwd();
const { pages, seconds } = await buildSite(root, join(root, process.env.DIST_DIR ?? 'dist/client'));
console.log(`Built ${pages} pages in ${seconds.toFixed(1)} s`);
