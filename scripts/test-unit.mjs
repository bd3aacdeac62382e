// Unit and API tests on the embedded database (PGlite), whatever DATABASE_URL says.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
delete env.DATABASE_URL;
const r = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
