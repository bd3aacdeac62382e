// The one writer of ingest_rejections: what ingestion could not store (validate.ts's reasons) and
// what a connector skipped ("facebook.page:malformed_page"), counted per reason, never dropped
// silently (docs/ingestion.md).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Adds the counts per reason to ingest_rejections (nothing when there are none). */
export async function countRejections(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  if (counts.size === 0) return;
  const reasons = [...counts.keys()];
  await sql`
    insert into ingest_rejections as r (reason, count, last_at)
    select reason, n, now() from unnest(${reasons}::text[], ${reasons.map((k) => counts.get(k)!)}::bigint[]) as v(reason, n)
    on conflict (reason) do update set count = r.count + excluded.count, last_at = now()`.execute(db);
}
