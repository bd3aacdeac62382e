// Rollup reads that more than one module needs (the dashboard and the analysis screens): one
// query each, so a change to the rollups changes them once.
import { type Db } from '../db/connection.ts';
import { rollupInScope, toWall, type Scope } from './scope.ts';

/** Favourability and AVE per brand association (1 Owned, 2 Earned, 3 Chatter: 0 is stored as 3). */
export function sentimentByAssociation(db: Db, s: Scope) {
  return db
    .selectFrom('bin_hourly_sentiment')
    .select((eb) => [
      'bin_hourly_sentiment.brand_association_id',
      eb.fn.sum<number>('positive').as('positive'),
      eb.fn.sum<number>('neutral').as('neutral'),
      eb.fn.sum<number>('negative').as('negative'),
      eb.fn.sum<number>('ave').as('ave'),
    ])
    .$call(rollupInScope(s, 'bin_hourly_sentiment'))
    .groupBy('bin_hourly_sentiment.brand_association_id')
    .execute();
}

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
