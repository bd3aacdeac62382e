// A migrated, empty PGlite database as a data-folder archive, made once and loaded by every test
// database that wants the schema: migrating from nothing takes about 6 s on PGlite, loading the
// archive about as long as opening an empty database. The archive is kept in the temporary folder
// under a name that hashes the migrations (and migrate.ts and PGlite's version), so a changed
// migration makes a new one and a stale one is never loaded; two test processes that both find it
// missing each make it and the last rename wins (the same bytes). Test support only.
import { createHash } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';

const MIGRATIONS = new URL('../db/migrations/', import.meta.url);
const MIGRATE = new URL('../db/migrate.ts', import.meta.url);

/** The hash of what decides the migrated schema: every migration file, the runner, PGlite's version. */
async function schemaHash(): Promise<string> {
  const h = createHash('sha256');
  // The package does not export its package.json: read it beside the file it resolves to.
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const name = '@electric-sql/pglite';
  h.update(await readFile(join(main.slice(0, main.lastIndexOf(name) + name.length), 'package.json')));
  for (const f of (await readdir(MIGRATIONS)).filter((f) => !f.includes('.test.')).sort()) {
    h.update(f);
    h.update(await readFile(new URL(f, MIGRATIONS)));
  }
  h.update(await readFile(MIGRATE));
  return h.digest('hex').slice(0, 16);
}

async function make(path: string): Promise<Blob> {
  const h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  await migrate(h.db);
  const archive = await h.dumpDataDir!();
  await h.close();
  const part = `${path}.${process.pid}.part`;
  await writeFile(part, Buffer.from(await archive.arrayBuffer()));
  await rename(part, path);
  return archive;
}

let archive: Promise<Blob> | undefined;

/** The migrated schema's archive: read from the temporary folder, or made there first. */
function migratedArchive(): Promise<Blob> {
  archive ??= (async () => {
    const path = join(tmpdir(), `listening-migrated-${await schemaHash()}.tar`);
    const bytes = await readFile(path).catch(() => null);
    return bytes ? new Blob([bytes]) : make(path);
  })();
  return archive;
}

/** A migrated PGlite database in memory: a copy of the archive, so migrate() finds nothing to do. */
export async function migratedMemoryDb(): Promise<DbHandle> {
  const h = await openDb({ databaseUrl: null, dataDir: ':memory:', loadDataDir: await migratedArchive() });
  await migrate(h.db);
  return h;
}
