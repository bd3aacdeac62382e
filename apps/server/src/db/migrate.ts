// Runs the one set of migrations (for PGlite and PostgreSQL alike) at start.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection.ts';

/** Migrations are the files in migrations/, applied in name order. */
class GlobProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { readdir } = await import('node:fs/promises');
    const dir = new URL('./migrations/', import.meta.url);
    const files = (await readdir(dir)).filter((f) => /^\d{4}_.*\.ts$/.test(f) && !f.includes('.test.')).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) out[f.replace(/\.ts$/, '')] = (await import(new URL(f, dir).href)) as Migration;
    return out;
  }
}

/**
 * Applies the migrations not applied yet; with `upTo`, only up to and including that one (a test of
 * an old migration runs on the schema it was written for).
 */
export async function migrate(db: Db, opts: { upTo?: string } = {}): Promise<void> {
  // Kysely looks for its own tables across all schemas unless told which: name the current one,
  // so another schema's migration tables (a benchmark's, a test's) are never taken for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: new GlobProvider(), migrationTableSchema: rows[0].schema });
  const { error, results } = opts.upTo ? await migrator.migrateTo(opts.upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
