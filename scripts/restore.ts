// `npm run restore -- <folder>`: checks a backup's manifest and loads it into the configured
// database (PostgreSQL by DATABASE_URL, else a PGlite data directory in DATA_DIR) and identity
// folder, both of which must be empty. Start the server afterwards: it migrates a backup
// from an older release forward.
import { BackupError, restoreBackup } from '../src/server/backup.ts';
import { loadConfigOrExit } from '../src/server/config.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const config = loadConfigOrExit({ logLevel: 'warn' });
try {
  const manifest = await restoreBackup(config, dir);
  console.log(
    `Restored the ${manifest.engine} backup of ${manifest.createdAt} (${manifest.migrations} migrations, ${manifest.identityDocuments} identity documents)`,
  );
} catch (e) {
  if (!(e instanceof BackupError)) throw e;
  console.error(`restore: ${e.message}`);
  process.exit(2);
}
