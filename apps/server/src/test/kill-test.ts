// What the "killed mid-send" and "two workers race" tests of the delivery jobs share (word-bin
// digests, alerts, report schedules): a database a child process can open too, the child worker,
// run until it exits or is killed, the kill at the second message, and two mail senders racing on
// one outbox. Test support only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { openDb, type Db, type DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { loopbackSmtp } from '../mail/test-smtp.ts';

type Smtp = Awaited<ReturnType<typeof loopbackSmtp>>;
type SharedDb = Awaited<ReturnType<typeof sharedDb>>;
const FROM = 'listening@example.test';

/**
 * A database a child process can open too: a throwaway schema on DATABASE_URL, or a PGlite folder.
 * `args` tell the child how to open it; `open` reopens it here after the child; `drop` removes it.
 */
export async function sharedDb(prefix: string): Promise<{ args: string[]; open: () => Promise<DbHandle>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const open = async (): Promise<DbHandle> => {
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3, options: `-c search_path=${schema}` }) }),
      });
      return { db, engine: 'postgres', close: () => db.destroy() };
    };
    const drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
    return { args: ['pg', url, schema], open, drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { args: ['pglite', dir], open: () => openDb({ databaseUrl: null, dataDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a child worker script with the SMTP address and the database's args; its errors are printed if it fails. */
export function runChild(childPath: string, smtpUrl: string, args: string[]): { exited: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', childPath, smtpUrl, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code && code !== 0) console.error(err);
      resolve(code);
    }),
  );
  return { exited, kill: () => child.kill('SIGKILL') };
}

/**
 * A delivery job's child worker killed in the middle of sending: a shared database, migrated and
 * seeded by `seed`; a loopback SMTP server; the child, killed when its second message arrives
 * (before the server accepts it), so that one message was received. Then `after` looks at what is
 * left and runs again; the server is closed and the database dropped afterwards.
 */
export async function afterKillMidSend<F>(
  prefix: string,
  childPath: string,
  seed: (db: Db) => Promise<F>,
  after: (k: { f: F; shared: SharedDb; smtp: Smtp }) => Promise<void>,
): Promise<void> {
  const shared = await sharedDb(prefix);
  try {
    const h = await shared.open();
    await migrate(h.db);
    const f = await seed(h.db);
    await h.close();
    let child!: ReturnType<typeof runChild>;
    const smtp = await loopbackSmtp({ onMessage: (n) => (n === 2 ? (child.kill(), 'hold') : 'accept') });
    try {
      child = runChild(childPath, smtp.url, shared.args);
      expect(await child.exited).toBeNull();
      expect(smtp.received).toHaveLength(1);
      await after({ f, shared, smtp });
    } finally {
      await smtp.close();
    }
  } finally {
    await shared.drop();
  }
}

/** Sends what the outbox holds, taking over a dead sender's claims at once (they go stale after 10 minutes in production). */
export async function sendTakingOverClaims(db: Db, smtpUrl: string): Promise<void> {
  const mailer = createMailer(db, { smtpUrl, from: FROM, staleClaimMs: 0 });
  await mailer.flush();
  await mailer.close();
}

/** Two mail senders on one outbox and a loopback SMTP server: `race` runs with `flush` (both send), then all is closed. */
export async function withTwoSenders(db: Db, race: (smtp: Smtp, flush: () => Promise<void>) => Promise<void>): Promise<void> {
  const smtp = await loopbackSmtp();
  const mailers = [0, 1].map(() => createMailer(db, { smtpUrl: smtp.url, from: FROM }));
  try {
    await race(smtp, async () => void (await Promise.all(mailers.map((m) => m.flush()))));
  } finally {
    await Promise.all(mailers.map((m) => m.close()));
    await smtp.close();
  }
}
