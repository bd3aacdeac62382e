// bin_hourly_sentiment is kept by the statements that change bin_clips, no longer by triggers:
// the three statement triggers of 0004 cost ~14% of the ingestion statement. Every writer now
// moves it beside bin_hourly from the same signed rows (ingest/rollups.ts: rollupUpserts, used by
// store.ts, adjustRollups and rebuildRollups). The rollup was exact when the triggers go, in the
// same transaction, so nothing is rebuilt.
import { sql, type Kysely } from 'kysely';

const TRIGGERS = ['bin_clips_sentiment_ins', 'bin_clips_sentiment_upd', 'bin_clips_sentiment_del'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) await sql`drop trigger if exists ${sql.id(t)} on bin_clips`.execute(db);
  await sql`drop function if exists bin_hourly_sentiment_apply()`.execute(db);
}

// The triggers of 0004 again (same function), for going back to code that relies on them.
const CHANGED = `(o.bin_id, o.stream_id, o.posted_at, o.brand_association_id, o.favourability_id, o.ave, o.rejected)
  is distinct from (n.bin_id, n.stream_id, n.posted_at, n.brand_association_id, n.favourability_id, n.ave, n.rejected)`;
const upsertFrom = (rows: string) => `
  insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
  select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
         case when ba in (1, 2) then ba else 3 end,
         sum(sign * (fav = 1)::int), sum(sign * (fav = 2)::int), sum(sign * (fav = 3)::int), sum(sign * ave)
    from (${rows}) d group by 1, 2, 3, 4
  on conflict (bin_id, stream_id, hour, brand_association_id) do update
    set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
        negative = s.negative + excluded.negative, ave = s.ave + excluded.ave`;

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bin_hourly_sentiment_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(upsertFrom(`select bin_id, stream_id, posted_at, brand_association_id as ba, favourability_id as fav, ave, 1 as sign from bhs_new where not rejected`))};
      elsif tg_op = 'DELETE' then
        ${sql.raw(upsertFrom(`select bin_id, stream_id, posted_at, brand_association_id as ba, favourability_id as fav, ave, -1 as sign from bhs_old where not rejected`))};
      else
        ${sql.raw(upsertFrom(`
          select o.bin_id, o.stream_id, o.posted_at, o.brand_association_id as ba, o.favourability_id as fav, o.ave, -1 as sign
            from bhs_old o join bhs_new n on n.id = o.id where not o.rejected and ${CHANGED}
          union all
          select n.bin_id, n.stream_id, n.posted_at, n.brand_association_id, n.favourability_id, n.ave, 1
            from bhs_old o join bhs_new n on n.id = o.id where not n.rejected and ${CHANGED}`))};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bin_clips_sentiment_ins after insert on bin_clips referencing new table as bhs_new for each statement execute function bin_hourly_sentiment_apply()`.execute(db);
  await sql`create trigger bin_clips_sentiment_upd after update on bin_clips referencing old table as bhs_old new table as bhs_new for each statement execute function bin_hourly_sentiment_apply()`.execute(db);
  await sql`create trigger bin_clips_sentiment_del after delete on bin_clips referencing old table as bhs_old for each statement execute function bin_hourly_sentiment_apply()`.execute(db);
}
