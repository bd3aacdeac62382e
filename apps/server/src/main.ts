// Starts the product: database (PGlite by default, on a thread of its own; PostgreSQL with
// DATABASE_URL), the HTTP server, migrations, the demo tenant on an empty demo database, then the
// background work, a first start's demo corpus among it (written newest day first while the
// server answers).
//
// On loopback the server listens before anything else: /healthz answers at once (503 with the
// phase and the corpus's days, then 200), first from this file's own listener while the app's
// modules load (seconds: hence the imports below the listen), then from the app. The database
// starts on its thread meanwhile. Beyond loopback it listens only once the demo users are known
// not to have the published password (exposure.ts), which needs the migrated, seeded database.
//
// Roles (`--role=`, docs/operations.md "Processes"): `all` (the default, what `npm start` runs)
// does everything; on a shared PostgreSQL, `api` only answers HTTP and `worker` only runs the
// background work (the job runner with collection, the mail sender, the demo corpus, the
// simulator) without listening. Any number of each may run on one database.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadConfig, roleOf, type Role } from './config.ts';
import { openDb, whenDatabaseAnswers } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { exposureDecision, isLoopback } from './exposure.ts';
import { resolveTokenKeys, type TokenKeyring } from './crypto/tokens.ts';
import { healthAnswer, type StartStatus } from './http/start-status.ts';

const config = loadConfig();
let role: Role;
try {
  role = roleOf(process.argv.slice(2));
} catch (err) {
  console.error(`listening: ${(err as Error).message}`);
  process.exit(1);
}
/** A worker answers no HTTP; an api process runs no background work. */
const serves = role !== 'worker';
// The keys of profiles' tokens, before anything else: a malformed TOKEN_KEY, TOKEN_KEYS_OLD or
// DATA_DIR/token.key stops the start with a message naming it.
let tokenKeys: TokenKeyring | null;
try {
  tokenKeys = resolveTokenKeys({ tokenKey: config.tokenKey, tokenKeysOld: config.tokenKeysOld, embedded: !config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`listening: ${(err as Error).message}`);
  process.exit(1);
}
const handle = await openDb({ ...config, thread: true });
let status: StartStatus = { phase: 'database' };

// Until the app is built: /healthz from the status, everything else 503 starting.
const early = (req: IncomingMessage, res: ServerResponse) => {
  const { code, body } = (req.url ?? '').split('?')[0] === '/healthz' ? healthAnswer(status) : healthAnswer({ phase: 'database' });
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
const server = createServer(early);
// Fastify's own default, which a server it does not make would not get.
server.keepAliveTimeout = 72_000;
let listeningAfter: number | null = null;
const listen = () =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      listeningAfter = Math.round(performance.now());
      resolve();
    });
  });
const loopback = isLoopback(config.host);
if (loopback && serves) await listen();

// The app's modules load while the database starts and migrates on its thread. Each import runs
// its modules' code in one piece, with nothing answered meanwhile: the slowest to load (the
// language models of nlp/, then the API modules) come first and one by one, so no pause is long.
const modules = (async () => {
  for (const m of ['./nlp/sentiment.ts', './nlp/places.ts', './nlp/entities.ts', './modules/index.ts']) await import(m);
  return Promise.all([import('./app.ts'), import('./startup.ts'), import('./seed/demo.ts'), import('./mail/mailer.ts')]);
})();
await whenDatabaseAnswers('migrating', () => migrate(handle.db));
// On PostgreSQL other processes may share the database: changes and notifications reach them
// through LISTEN/NOTIFY (events/bus.ts); on PGlite the bus stays in this process.
const stopBus = handle.engine === 'postgres' ? await (await import('./events/bus.ts')).startBus(handle.db, config.databaseUrl!) : null;
const [{ buildApp }, { startBackground }, { isEmpty, seedDemoOnce, usersWithPublishedPassword }, { createMailer }] = await modules;
const mailer = createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
let routing: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
const app = await buildApp({
  db: handle.db,
  mailer,
  config,
  status: () => status,
  logger: true,
  serverFactory: (handler) => {
    routing = handler;
    return server;
  },
});
await app.ready();
server.off('request', early);
server.on('request', routing!);
const logListening = () => app.log.info(`listening at http://${config.host}:${config.port} (${listeningAfter} ms after the process started)`);
if (listeningAfter !== null) logListening();
app.log.info(`database: ${handle.engine}${handle.engine === 'pglite' ? ` in ${config.dataDir}` : ''}; role: ${role}`);

let stopBackground: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app.log.info(`${signal}: shutting down`);
    await stopBackground?.();
    await app.close();
    // The server is ours (serverFactory): Fastify closes only a server it listened on.
    if (server.listening) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    await stopBus?.();
    await handle.close();
    process.exit(0);
  });
}

if (config.demo && (await whenDatabaseAnswers('looking for data', () => isEmpty(handle.db)))) {
  status = { phase: 'seeding' };
  // One transaction, once: another process starting on the same PostgreSQL database may seed first.
  await whenDatabaseAnswers('seeding the demo tenant', () => seedDemoOnce(handle.db));
}
if (!loopback && serves) {
  const exposure = exposureDecision({ host: config.host, demoUsers: await usersWithPublishedPassword(handle.db), allowDemoExposed: config.allowDemoExposed });
  if (!exposure.start) {
    console.error(`listening: ${exposure.error}`);
    await handle.close();
    process.exit(1);
  }
  if (exposure.warning) app.log.warn(exposure.warning);
  await listen();
  logListening();
}

// An api process leaves the background work to the workers: it is ready once seeded.
if (role === 'api') status = { phase: 'ready' };
else
  stopBackground = await startBackground({
    db: handle.db,
    engine: handle.engine,
    config,
    log: app.log,
    mailer,
    tokenKeys,
    onStatus: (s) => {
      const was = status.phase;
      status = s;
      if (s.phase === 'ready' && was !== 'ready') app.log.info('ready');
    },
  });
