// `npm run bench [name…]`: each benchmark runs its baseline beside the measured
// thing in the same run and prints the ratio. Results go to bench/results/latest.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { buildFromDatabase, isStale } from '../src/server/site-build.ts';
import { benchCrashFanout, benchSportsFanout } from './fanout.ts';
import { benchGames } from './games.ts';
import { benchLobby } from './lobby.ts';
import { benchLobbyFilter } from './lobby-filter.ts';
import { benchPayments } from './payments.ts';
import { benchRtp } from './rtp.ts';
import { benchSeamless } from './seamless.ts';
import { benchSports } from './sports.ts';
import { benchStatic } from './static.ts';
import { benchWallet } from './wallet.ts';

const root = process.cwd();
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  static: () => benchStatic(root),
  wallet: () => benchWallet(),
  games: () => benchGames(),
  lobby: () => benchLobby(),
  'lobby-filter': () => benchLobbyFilter(root),
  payments: () => benchPayments(),
  rtp: () => benchRtp(),
  crash: () => benchCrashFanout(),
  // The odds fan-out (no database) first, then placements on PostgreSQL.
  sports: async () => ({ ...(await benchSportsFanout()), ...(await benchSports()) }),
  seamless: () => benchSeamless(),
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(benches);
// Only the static and lobby-filter benchmarks serve the built site; the others need no build.
const buildConfig = loadConfig({ NODE_ENV: 'test' });
if ((wanted.includes('static') || wanted.includes('lobby-filter')) && isStale(root, join(root, 'dist/client'), buildConfig.siteUrl))
  await buildFromDatabase(root, join(root, 'dist/client'), buildConfig);
const latest = join(root, 'bench/results/latest.json');
// Figures of benchmarks not run this time are kept, so that one can be rerun alone.
const previous = existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>) : {};
const results: Record<string, unknown> = { ...previous, date: new Date().toISOString() };
for (const name of wanted) {
  const bench = benches[name];
  if (!bench) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
  console.log(`\n# ${name}`);
  results[name] = await bench();
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(latest, `${JSON.stringify(results, null, 2)}\n`);
