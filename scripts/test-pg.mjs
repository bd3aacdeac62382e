// Runs the server's API tests again on PostgreSQL when DATABASE_URL is set (CI sets it);
// without it, says so and passes: the PGlite run already covered them.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the API tests ran on PGlite only.');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', 'apps/server'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
