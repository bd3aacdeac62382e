// Rollup reads besides the figures of one scope (those are the runner's, query.ts): counts for many
// bins at once, and the project's first data.
import { type Db } from '../db/connection.ts';
import { toWall, type Scope } from './scope.ts';

/** Posts per bin over the scope's streams and hours, for many bins at once (the sort-bin tree, a project and its competitors). */
export async function clipCountsByBin(db: Db, s: Pick<Scope, 'streams' | 'from' | 'to'>, binIds: number[]): Promise<Map<number, number>> {
  if (binIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bin_hourly')
    .select((eb) => ['bin_id', eb.fn.sum<number>('clips').as('count')])
    .where('bin_id', 'in', binIds)
    .where('stream_id', 'in', s.streams)
    .where('hour', '>=', s.from)
    .where('hour', '<', s.to)
    .groupBy('bin_id')
    .execute();
  return new Map(rows.map((r) => [r.bin_id, Number(r.count)]));
}

/**
 * The project's first data as the client's wall clock: the first hour its own bin holds a post, on
 * any stream (null: nothing yet). A chart's buckets before it are partial (contract periods.ts),
 * so a range reaching before collection started does not read as a rise from nothing.
 */
export async function firstDataWall(db: Db, s: Pick<Scope, 'project' | 'timeZone'>): Promise<Date | null> {
  if (s.project.bin_id === null) return null;
  const row = await db
    .selectFrom('bin_hourly')
    .select((eb) => eb.fn.min('hour').as('first'))
    .where('bin_id', '=', s.project.bin_id)
    .where('clips', '>', 0)
    .executeTakeFirst();
  return row?.first ? toWall(new Date(row.first), s.timeZone) : null;
}
