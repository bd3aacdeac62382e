// Re-encrypts every stored profile token under the current key (npm run tokens:rotate), on
// DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), with the server's settings:
//   TOKEN_KEY=<new key> TOKEN_KEYS_OLD=<old key>[,<older>] npm run tokens:rotate
// In the embedded mode the generated DATA_DIR/token.key is read as an old key once TOKEN_KEY is
// set. Values of the first format (v1) are rewritten too. Resumable and safe to re-run: each value
// is written on its own, only if unchanged since it was read; Ctrl-C stops after the row in hand.
// Exit status 1 when some value could not be read (listed; left as it was).
// PGlite is one process's database: stop the server before running this on DATA_DIR. On
// PostgreSQL it may run while the server runs. docs/security.md, "Encryption at rest".
import { loadConfig } from '../src/config.ts';
import { rotateTokens } from '../src/crypto/profile-tokens.ts';
import { resolveTokenKeys, type TokenKeyring } from '../src/crypto/tokens.ts';
import { openDb } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';

const config = loadConfig();
let keys: TokenKeyring | null;
try {
  keys = resolveTokenKeys({ tokenKey: config.tokenKey, tokenKeysOld: config.tokenKeysOld, embedded: !config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`tokens:rotate: ${(err as Error).message}`);
  process.exit(1);
}
if (!keys) {
  console.error('tokens:rotate: TOKEN_KEY is not set: set it to the key tokens are to be encrypted with, and TOKEN_KEYS_OLD to the keys they were.');
  process.exit(1);
}
console.log(`tokens:rotate: current key ${keys.current.id}; old keys read: ${keys.old.map((k) => k.id).join(', ') || 'none'}`);

const stop = new AbortController();
process.once('SIGINT', () => {
  console.log('tokens:rotate: stopping after the row in hand (run again to finish)');
  stop.abort();
});
const h = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  await migrate(h.db);
  const r = await rotateTokens(h.db, keys, {
    signal: stop.signal,
    onProgress: (p, last) => console.log(`tokens:rotate: up to profile ${last}: ${p.rewritten} rewritten, ${p.current} already current`),
  });
  for (const f of r.failed) console.error(`tokens:rotate: profile ${f.profileId} ${f.column}: ${f.reason}`);
  console.log(
    `tokens:rotate: ${r.stopped ? 'stopped' : 'done'}: ${r.checked} values read, ${r.rewritten} rewritten, ${r.current} already current, ` +
      `${r.changedMeanwhile} changed meanwhile (run again), ${r.failed.length} unreadable`,
  );
  failed = r.failed.length > 0 || r.stopped || r.changedMeanwhile > 0;
} finally {
  await h.close();
}
process.exit(failed ? 1 : 0);
