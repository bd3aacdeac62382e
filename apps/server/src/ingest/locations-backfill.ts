// Places for a demo corpus stored before posts carried one (migration 0018): the simulated
// authors' profile locations follow from their ids (sim-content.ts simAuthorLocation), so their
// clips are located as ingestion would have done, in one statement, when no clip is located yet.
// Authors that are not simulated are left alone.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { resolvePlace } from '../nlp/places.ts';
import { rebuildRollups } from '../ledger/index.ts';
import { simAuthorLocation } from './sim-content.ts';

const SIM_AUTHOR = /^\d+-a(\d+)$/;

export async function backfillDemoLocations(db: Db): Promise<number> {
  // Once: a corpus stored since 0018 was located at ingestion.
  if (await db.selectFrom('clip_locations').select('clip_id').limit(1).executeTakeFirst()) return 0;
  const authors = await db.selectFrom('authors').select(['id', 'external_id']).where('external_id', '~', SIM_AUTHOR.source).execute();
  const rows = authors.flatMap((a) => {
    const place = resolvePlace(simAuthorLocation(Number(SIM_AUTHOR.exec(a.external_id)![1])));
    return place ? [{ id: Number(a.id), ...place }] : [];
  });
  if (rows.length === 0) return 0;
  const r = await sql`
    insert into clip_locations (clip_id, country_code, place, latitude, longitude)
    select c.id, a.cc, a.place, a.lat, a.lng
      from unnest(${rows.map((x) => x.id)}::bigint[], ${rows.map((x) => x.countryCode)}::text[], ${rows.map((x) => x.place)}::text[],
                  ${rows.map((x) => x.latitude)}::float8[], ${rows.map((x) => x.longitude)}::float8[]) as a(id, cc, place, lat, lng)
      join clips c on c.author_id = a.id
    on conflict (clip_id) do nothing`.execute(db);
  const located = Number(r.numAffectedRows ?? 0);
  // Locations written directly: the world map's rollup (bin_hourly_places, 0023) is rebuilt from them.
  if (located > 0) await rebuildRollups(db);
  return located;
}
