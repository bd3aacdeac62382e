// npm run restore -- <folder>: restores a backup made by npm run backup into the database the
// server's settings name, which must be empty: a new PostgreSQL database (createdb) on
// DATABASE_URL, or a DATA_DIR without a database; token.key goes back into DATA_DIR.
// docs/operations.md, "Backups".
import { restore } from '../src/backup/backup.ts';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();
const from = process.argv[2];
if (!from) {
  console.error('restore: name the backup folder: npm run restore -- <folder>');
  process.exit(1);
}
try {
  const m = await restore(config, from);
  console.log(
    `restore: the backup of ${m.createdAt} restored into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} in ${m.restoreSeconds} s${m.tokenKey ? ', with token.key' : ''}`,
  );
} catch (err) {
  console.error(`restore: ${(err as Error).message}`);
  process.exit(1);
}
