// Whether each bin's hourly rollup counts its posts once, as counting its rows does: the check the
// tests that cut ingestion short (a killed worker, a backup taken meanwhile) make afterwards.
// Test support only.
import type pg from 'pg';

/** The bins whose rollup and rows disagree (none when consistent). */
export async function rollupMismatches(client: pg.Client): Promise<{ bin_id: number; rows: number | null; rolled: number | null }[]> {
  const r = await client.query<{ bin_id: number; rows: number | null; rolled: number | null }>(
    `select coalesce(r.bin_id, h.bin_id) as bin_id, r.n as rows, h.n as rolled
       from (select bin_id, count(*)::int as n from bin_clips where not rejected group by bin_id) r
       full join (select bin_id, sum(clips)::int as n from bin_hourly group by bin_id) h on h.bin_id = r.bin_id
      where r.n is distinct from h.n`,
  );
  return r.rows;
}
