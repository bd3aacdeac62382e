// npm run backup [-- <folder>]: a backup of the database the server's settings name (DATABASE_URL,
// or the embedded one in DATA_DIR) and of DATA_DIR/token.key, into <folder> (default
// ./backups/<date and time>). On PostgreSQL it runs while the server runs (pg_dump reads one
// snapshot); the embedded database belongs to one process: stop the server first.
// docs/operations.md, "Backups".
import { join } from 'node:path';
import { backup } from '../src/backup/backup.ts';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();
const out = process.argv[2] ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
try {
  const m = await backup(config, out);
  console.log(
    `backup: ${m.engine === 'postgres' ? 'PostgreSQL (pg_dump)' : `the embedded database in ${config.dataDir}`} into ${out} in ${m.seconds} s${m.tokenKey ? ', with token.key' : ''}`,
  );
} catch (err) {
  console.error(`backup: ${(err as Error).message}`);
  process.exit(1);
}
