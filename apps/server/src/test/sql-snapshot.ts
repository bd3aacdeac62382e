// Checked-in SQL (immich's @GenerateSql idea): the statements a layer's code compiles from fixed
// inputs are kept as .sql files beside it and a test compares them with what the code compiles
// now, so a change to a statement shows in review as a change of its SQL. `UPDATE_SQL=1 npx vitest
// run <test>` rewrites the files (docs/architecture.md).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

/**
 * The SQL `run` sends, as one text: a `-- name` line per call, then each statement as compiled for
 * PostgreSQL (both engines run it), ending with ';'. The database answers every statement with no
 * rows, so `run` must cope with an empty answer (the ledger's functions do).
 */
export async function compiledSql(calls: Record<string, (db: Kysely<Database>) => Promise<unknown>>): Promise<string> {
  const out: string[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') out.push(`${event.query.sql.trim()};\n`);
    },
  });
  for (const [name, run] of Object.entries(calls)) {
    out.push(`-- ${name}\n`);
    await run(db);
    out.push('\n');
  }
  await db.destroy();
  return out.join('').trimEnd() + '\n';
}

/** Expects `file` to hold `text`; with UPDATE_SQL=1 writes it instead. */
export function expectSqlFile(file: string, text: string): void {
  if (process.env.UPDATE_SQL === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return;
  }
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: write it with UPDATE_SQL=1`);
  }
  expect(text, `${file} differs from the SQL the code compiles now: review the change, then UPDATE_SQL=1 rewrites it`).toBe(stored);
}
