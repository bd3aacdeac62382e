// Starts the product: database (PGlite by default, PostgreSQL with DATABASE_URL), migrations,
// the demo tenant on an empty embedded database, the HTTP server, then the background work.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/connection.ts';
import { exposureDecision, isLoopback, type ExposureDecision } from './exposure.ts';
import { resolveTokenKeys, type TokenKeyring } from './crypto/tokens.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { usersWithPublishedPassword, isEmpty, seedDemo } from './seed/demo.ts';
import { startBackground } from './startup.ts';

const config = loadConfig();
// The keys of profiles' tokens, before anything else: a malformed TOKEN_KEY, TOKEN_KEYS_OLD or
// DATA_DIR/token.key stops the start with a message naming it.
let tokenKeys: TokenKeyring | null;
try {
  tokenKeys = resolveTokenKeys({ tokenKey: config.tokenKey, tokenKeysOld: config.tokenKeysOld, embedded: !config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`listening: ${(err as Error).message}`);
  process.exit(1);
}
const handle = await openDb(config);
await migrate(handle.db);
if (config.demo && (await isEmpty(handle.db))) await seedDemo(handle.db);
// Never reachable from other machines while the demo users have the published password, unless
// ALLOW_DEMO_EXPOSED=1 (exposure.ts). The database is only asked when HOST is beyond loopback.
const exposure: ExposureDecision = isLoopback(config.host)
  ? { start: true }
  : exposureDecision({ host: config.host, demoUsers: await usersWithPublishedPassword(handle.db), allowDemoExposed: config.allowDemoExposed });
if (!exposure.start) {
  console.error(`listening: ${exposure.error}`);
  await handle.close();
  process.exit(1);
}

let ready = false;
const mailer = createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
const app = await buildApp({ db: handle.db, mailer, config, isReady: () => ready, logger: true });
if (exposure.warning) app.log.warn(exposure.warning);
await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${handle.engine}${handle.engine === 'pglite' ? ` in ${config.dataDir}` : ''}`);

const stopBackground = await startBackground({ db: handle.db, engine: handle.engine, config, log: app.log, mailer, tokenKeys });
ready = true;
app.log.info('ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app.log.info(`${signal}: shutting down`);
    await stopBackground();
    await app.close();
    await handle.close();
    process.exit(0);
  });
}
