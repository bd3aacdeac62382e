// The API test tier: a real app on a real database. PGlite in memory by default; when
// DATABASE_URL is set, a fresh PostgreSQL schema per test file, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { guardPool, openDb, type Db, type DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { loopbackSmtp } from '../mail/test-smtp.ts';
import { migratedMemoryDb } from './pglite-snapshot.ts';
import { seedDemo } from '../seed/demo.ts';
import type { App } from '../types.ts';

export interface TestContext {
  app: App;
  db: Db;
  engine: 'pglite' | 'postgres';
  projects: Record<string, number>;
  /** The app's mail queue: `await t.mailer.flush()` delivers what is pending before a test looks at it. */
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * For a test file (or a describe block): a migrated testDb() of its own, opened in a beforeAll and
 * handed to `use`, closed in an afterAll.
 */
export function useMigratedDb(use: (db: Db) => void): void {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await migratedTestDb();
    use(handle.db);
  });
  afterAll(() => handle?.close());
}

/**
 * testDb() with every migration applied, or those up to and including `upTo`. PGlite opens a copy
 * of the migrated archive (pglite-snapshot.ts) instead of migrating from nothing; migrate() then
 * finds nothing to do.
 */
export async function migratedTestDb(upTo?: string): Promise<DbHandle> {
  if (!process.env.DATABASE_URL && !upTo) return migratedMemoryDb();
  const handle = await testDb();
  await migrate(handle.db, { upTo });
  return handle;
}

/** An empty database for one test file: PGlite in memory, or a throwaway schema on DATABASE_URL. */
export async function testDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({ databaseUrl: null, dataDir: ':memory:' });
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
  // A connection that dies (a test killing backends, a PostgreSQL restart) fails its query, not the run.
  guardPool(pool, (err) => console.warn(`test database connection: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    async close() {
      await db.destroy();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export async function createTestApp(opts: { seed?: boolean; mailer?: Mailer; env?: NodeJS.ProcessEnv } = {}): Promise<TestContext> {
  const handle = await migratedTestDb();
  const projects = opts.seed === false ? {} : await seedDemo(handle.db);
  const config = loadConfig({ WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '1000', ...opts.env });
  const mailer = opts.mailer ?? createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({ db: handle.db, mailer, config });
  await app.ready();
  return {
    app,
    db: handle.db,
    engine: handle.engine,
    projects,
    mailer,
    async close() {
      await mailer.close();
      await app.close();
      await handle.close();
    },
  };
}

export type SmtpTestContext = TestContext & { smtp: Awaited<ReturnType<typeof loopbackSmtp>> };

/** A test app whose mail goes to a loopback SMTP server of its own (`smtp.received`); `close()` stops both. */
export async function createTestAppWithSmtp(env: NodeJS.ProcessEnv = {}): Promise<SmtpTestContext> {
  const smtp = await loopbackSmtp();
  const t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0].n);
}

/**
 * A user's client_contacts id, by their email: at the client named by id or name, or (none named)
 * their first link.
 */
export async function contactIdOf(db: Db, email: string, client?: number | string): Promise<number> {
  const row = await db
    .selectFrom('client_contacts as cc')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .innerJoin('clients as c', 'c.id', 'cc.client_id')
    .select('cc.id')
    .where('u.email', '=', email)
    .$if(typeof client === 'number', (q) => q.where('c.id', '=', client as number))
    .$if(typeof client === 'string', (q) => q.where('c.name', '=', client as string))
    .orderBy('cc.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Auth = { authorization: string };

export interface DemoSuite<U extends string> {
  /** The demo app. */
  t: TestContext;
  /** The authorization header of each demo user named (`analyst` is analyst@demo.example). */
  as: Record<U, Auth>;
}

/**
 * For a describe block: the demo app (createTestApp) with the named demo users signed in, ready in
 * a beforeAll (a later beforeAll of the block can add to it) and closed in an afterAll. Its fields
 * are there once the block's tests run.
 */
export function demoSuite<U extends string>(users: readonly U[], opts?: Parameters<typeof createTestApp>[0]): DemoSuite<U> {
  const suite = {} as DemoSuite<U>;
  beforeAll(async () => {
    suite.t = await createTestApp(opts);
    suite.as = await signIn(suite.t.app, users);
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/** Logs the named demo users in (`analyst` is analyst@demo.example): their Authorization headers by name. */
export async function signIn<U extends string>(app: App, users: readonly U[]): Promise<Record<U, Auth>> {
  const headers = await Promise.all(users.map((u) => authHeader(app, `${u}@demo.example`)));
  return Object.fromEntries(users.map((u, i) => [u, headers[i]])) as Record<U, Auth>;
}

/** Logs a demo user in and returns the Authorization header. */
export async function authHeader(app: App, email: string, password = 'demo-password'): Promise<Auth> {
  const res = await app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: email, Password: password } });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token}` };
}
