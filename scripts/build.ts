// `npm run build`: the static site in every locale from the configured database's
// content (migrated and seeded first), precompressed, stamped with its sources.
// Run it after a content change to publish it.
import { loadConfigOrExit } from '../src/server/config.ts';
import { buildFromDatabase } from '../src/server/site-build.ts';

const config = loadConfigOrExit();
const { pages, seconds } = await buildFromDatabase(process.cwd(), config.distDir, config);
console.log(`Built ${pages} pages in ${seconds.toFixed(1)} s`);
