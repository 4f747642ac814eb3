// `npm run backup -- [folder]`: a consistent backup of the configured database (PostgreSQL by
// DATABASE_URL through pg_dump, else the PGlite data directory of DATA_DIR, with the server
// stopped) and the identity documents, with a manifest; by default into backups/<time>/.
import { join } from 'node:path';
import { BackupError, createBackup } from '../src/server/backup.ts';
import { loadConfigOrExit } from '../src/server/config.ts';

const config = loadConfigOrExit({ logLevel: 'warn' });
const now = new Date();
const out = process.argv[2] ?? join('backups', now.toISOString().replace(/[:.]/g, '-'));
try {
  const manifest = await createBackup(config, out, { now });
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Backed up the ${manifest.engine} database (${manifest.migrations} migrations) and ${manifest.identityDocuments} identity documents into ${out} (${(bytes / 1e6).toFixed(1)} MB, ${manifest.files.length} files)`,
  );
} catch (e) {
  if (!(e instanceof BackupError)) throw e;
  console.error(`backup: ${e.message}`);
  process.exit(2);
}
