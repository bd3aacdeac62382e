// SQL of the world map: a scope's posts per country and per place they come from (the rollup
// bin_hourly_places of clip_locations, filled at ingestion), and the scope's post count from the
// hourly rollup (for the unlocated).
import { sql } from 'kysely';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';

/**
 * The scope's located posts per country and place, from the rollup bin_hourly_places (0023; kept
 * with bin_clips, so the same figures as joining the posts to clip_locations, whose row count the
 * query's cost no longer follows). A group whose clips were all rejected sums to 0 and is left out.
 */
const located = (db: Db, s: Scope) => db.selectFrom('bin_hourly_places').$call(rollupInScope(s, 'bin_hourly_places'));

export async function countries(db: Db, s: Scope): Promise<{ code: string; count: number }[]> {
  const rows = await located(db, s)
    .select(['bin_hourly_places.country_code as code', sql<number>`sum(bin_hourly_places.clips)`.as('count')])
    .groupBy('bin_hourly_places.country_code')
    .having(sql`sum(bin_hourly_places.clips)`, '>', 0)
    .execute();
  return rows.map((r) => ({ code: r.code.trim(), count: Number(r.count) }));
}

export async function places(db: Db, s: Scope, limit: number, countryCode?: string) {
  const rows = await located(db, s)
    .select([
      'bin_hourly_places.place',
      'bin_hourly_places.country_code as code',
      sql<number>`max(bin_hourly_places.latitude)`.as('latitude'),
      sql<number>`max(bin_hourly_places.longitude)`.as('longitude'),
      sql<number>`sum(bin_hourly_places.clips)`.as('count'),
    ])
    .where('bin_hourly_places.place', '<>', '')
    .$if(countryCode !== undefined, (qb) => qb.where('bin_hourly_places.country_code', '=', countryCode!))
    .groupBy(['bin_hourly_places.place', 'bin_hourly_places.country_code'])
    .having(sql`sum(bin_hourly_places.clips)`, '>', 0)
    .orderBy(sql`sum(bin_hourly_places.clips)`, 'desc')
    .orderBy('bin_hourly_places.place')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ place: r.place, code: r.code.trim(), latitude: Number(r.latitude), longitude: Number(r.longitude), count: Number(r.count) }));
}

/** Posts of the scope, located or not (the rollup: not one post read). */
export async function postCount(db: Db, s: Scope): Promise<number> {
  const r = await db
    .selectFrom('bin_hourly')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bin_hourly.clips'), sql<number>`0`).as('n'))
    .$call(rollupInScope(s))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
