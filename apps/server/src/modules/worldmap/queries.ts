// SQL of the world map: a scope's posts per country and per place they come from (clip_locations,
// filled at ingestion), and the scope's post count from the hourly rollup (for the unlocated).
import { sql } from 'kysely';
import { clipsInScope, rollupInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';

const located = (db: Db, s: Scope) => db.selectFrom('bin_clips').innerJoin('clip_locations as l', 'l.clip_id', 'bin_clips.clip_id').$call(clipsInScope(s));

export async function countries(db: Db, s: Scope): Promise<{ code: string; count: number }[]> {
  const rows = await located(db, s)
    .select(['l.country_code as code', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('l.country_code')
    .execute();
  return rows.map((r) => ({ code: r.code.trim(), count: Number(r.count) }));
}

export async function places(db: Db, s: Scope, limit: number, countryCode?: string) {
  const rows = await located(db, s)
    .select(['l.place', 'l.country_code as code', 'l.latitude', 'l.longitude', (eb) => eb.fn.countAll<number>().as('count')])
    .where('l.place', 'is not', null)
    .$if(countryCode !== undefined, (qb) => qb.where('l.country_code', '=', countryCode!))
    .groupBy(['l.place', 'l.country_code', 'l.latitude', 'l.longitude'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('l.place')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ place: r.place!, code: r.code.trim(), latitude: Number(r.latitude), longitude: Number(r.longitude), count: Number(r.count) }));
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
