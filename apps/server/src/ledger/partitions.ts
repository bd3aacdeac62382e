// bin_clips (migration 0051) and clips (0054) are range-partitioned by month of posted_at: one
// partition per UTC month, named bin_clips_yYYYYmMM (clips_yYYYYmMM), and bin_clips_default
// (clips_default) for rows of a month not made yet. The daily `bin-clips-months` job makes this
// month and the next two ahead of both, so rows land in their month; a month made later than its
// rows takes them out of the default partition first. Old months are detached
// (detachBinClipsMonthsBefore) once retention has emptied them, by the same job when
// BIN_CLIPS_KEEP_MONTHS is set, which frees their space at once instead of leaving it to vacuum
// (docs/operations.md, "Retention"). Each function takes the table, bin_clips unless told.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** The tables partitioned by month, in the order the job makes and detaches their months. */
export const MONTH_TABLES = ['bin_clips', 'clips'] as const;
export type MonthTable = (typeof MONTH_TABLES)[number];

const defaultPartition = (table: MonthTable) => `${table}_default`;

/** The first instant of the UTC month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The partition's name for the UTC month starting at `start`. */
export function monthPartition(start: Date, table: MonthTable = 'bin_clips'): string {
  return `${table}_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Whether the table is partitioned in the current schema. */
export async function binClipsPartitioned(db: Db, table: MonthTable = 'bin_clips'): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
     where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows[0].n > 0;
}

/** The month partitions of the table (not the default one), oldest first, with their bounds. */
export async function binClipsMonths(db: Db, table: MonthTable = 'bin_clips'): Promise<{ name: string; from: Date; to: Date }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname = ${table} and p.relnamespace = current_schema()::regnamespace and c.relname <> ${defaultPartition(table)}`.execute(db);
  return rows
    .map((r) => {
      const [from, to] = [...r.bound.matchAll(/'([^']+)'/g)].map((m) => new Date(m[1]));
      return { name: r.name, from, to };
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Makes the month partitions of the `count` months starting with the month of `from` that do not
 * exist yet; rows of such a month already in the default partition move into it in the same
 * transaction. Returns the names made. Does nothing where the table is not partitioned.
 */
export async function makeBinClipsMonths(db: Db, from: Date, count: number, table: MonthTable = 'bin_clips'): Promise<string[]> {
  if (!(await binClipsPartitioned(db, table))) return [];
  const have = new Set((await binClipsMonths(db, table)).map((m) => m.name));
  const parent = sql.table(table);
  const dflt = sql.table(defaultPartition(table));
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const lo = monthStart(from, i);
    const hi = monthStart(from, i + 1);
    const name = monthPartition(lo, table);
    if (have.has(name)) continue;
    await db.transaction().execute(async (tx) => {
      const bounds = sql`for values from (${sql.lit(lo.toISOString())}) to (${sql.lit(hi.toISOString())})`;
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (select 1 from ${dflt} where posted_at >= ${lo} and posted_at < ${hi} limit 1) x`.execute(tx);
      if (rows[0].n === 0) {
        await sql`create table ${sql.table(name)} partition of ${parent} ${bounds}`.execute(tx);
        return;
      }
      // Rows of this month wait in the default partition: move them into a table of their own, then attach it.
      await sql`create table ${sql.table(name)} (like ${parent} including defaults including constraints)`.execute(tx);
      await sql`with moved as (delete from ${dflt} where posted_at >= ${lo} and posted_at < ${hi} returning *)
                insert into ${sql.table(name)} select * from moved`.execute(tx);
      await sql`alter table ${parent} attach partition ${sql.table(name)} ${bounds}`.execute(tx);
    });
    made.push(name);
  }
  return made;
}

/**
 * Detaches (and drops, unless `keep`) the month partitions wholly before `before` that hold no row:
 * retention deletes a client's rows in batches; once every client's rows of a month are gone, the
 * month's table goes with one statement instead of waiting for vacuum. A month that still holds rows
 * (a client that keeps its posts longer) stays. Returns the names detached.
 */
export async function detachBinClipsMonthsBefore(db: Db, before: Date, opts: { keep?: boolean } = {}, table: MonthTable = 'bin_clips'): Promise<string[]> {
  if (!(await binClipsPartitioned(db, table))) return [];
  const gone: string[] = [];
  for (const m of await binClipsMonths(db, table)) {
    if (m.to > before) break;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${sql.table(m.name)} limit 1) x`.execute(db);
    if (rows[0].n > 0) continue;
    await sql`alter table ${sql.table(table)} detach partition ${sql.table(m.name)}`.execute(db);
    if (!opts.keep) await sql`drop table ${sql.table(m.name)}`.execute(db);
    gone.push(m.name);
  }
  return gone;
}

/**
 * Takes the statistics of each month table as a whole (and, as ANALYZE of a partitioned table
 * does, of each of its months). PostgreSQL's autovacuum analyzes the month partitions but never a
 * partitioned table itself, and without its statistics the planner estimates a join to it with a
 * default selectivity: top posts' join of a page of 30 posts to `clips` by id came out at about
 * 300,000 rows, which made PostgreSQL compile the statement (JIT) for 4 s (docs/scaling.md,
 * "Statistics of the month tables"). Run by the hourly `month-table-statistics` job and after the
 * demo corpus is written. Returns the tables analyzed.
 */
export async function analyzeMonthTables(db: Db): Promise<MonthTable[]> {
  const done: MonthTable[] = [];
  for (const table of MONTH_TABLES) {
    if (!(await binClipsPartitioned(db, table))) continue;
    await sql`analyze ${sql.table(table)}`.execute(db);
    done.push(table);
  }
  return done;
}
