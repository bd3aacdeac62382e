// bin_hourly_sentiment is kept by the statements that change bin_clips, not by triggers: this
// drops the three statement triggers of 0004, which cost ~14% of the ingestion statement. Every writer now
// moves it beside bin_hourly from the same signed rows (ingest/rollups.ts: rollupUpserts, used by
// store.ts, adjustRollups and rebuildRollups). The rollup was exact when the triggers go, in the
// same transaction, so nothing is rebuilt.
//
// Also the row-by-row foreign keys on the ingestion path (~28% of the ingestion statement: one
// SELECT ... FOR KEY SHARE per row, and every batch locking the same bins rows): bin_clips -> bins,
// bin_clips -> clips, clip_enrichment -> clips, clips -> authors. Their one writer (store.ts)
// takes those ids from rows it upserted in the same statement. What the keys did on a hard
// delete is done by statement triggers on the PARENT tables, which ingestion never deletes from:
// - bins (cascade, also from a client's or a parent bin's cascade): the bins' bin_clips and
//   their rollup rows go;
// - clips (cascade): their clip_enrichment and bin_clips go, the rollups move by the rows gone;
// - authors (restrict): deleting an author that clips still name is refused.
// TRUNCATE fires none of these: truncate the children with the parents (scripts/demo-corpus.ts).
import { sql, type Kysely } from 'kysely';

const TRIGGERS = ['bin_clips_sentiment_ins', 'bin_clips_sentiment_upd', 'bin_clips_sentiment_del'];
const FKS: [table: string, name: string, def: string][] = [
  ['bin_clips', 'bin_clips_bin_id_fkey', 'foreign key (bin_id) references bins(id) on delete cascade'],
  ['bin_clips', 'bin_clips_clip_id_fkey', 'foreign key (clip_id) references clips(id) on delete cascade'],
  ['clip_enrichment', 'clip_enrichment_clip_id_fkey', 'foreign key (clip_id) references clips(id) on delete cascade'],
  ['clips', 'clips_author_id_fkey', 'foreign key (author_id) references authors(id)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) await sql`drop trigger if exists ${sql.id(t)} on bin_clips`.execute(db);
  await sql`drop function if exists bin_hourly_sentiment_apply()`.execute(db);

  for (const [table, name] of FKS) await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(name)}`.execute(db);

  // bins deleted: their bin_clips and rollup rows go (what bin_clips' cascade did, and more).
  await sql`
    create or replace function bins_deleted() returns trigger language plpgsql as $$
    begin
      delete from bin_clips where bin_id in (select id from gone_bins);
      delete from bin_hourly where bin_id in (select id from gone_bins);
      delete from bin_hourly_sentiment where bin_id in (select id from gone_bins);
      return null;
    end $$`.execute(db);
  await sql`create trigger bins_deleted after delete on bins referencing old table as gone_bins for each statement execute function bins_deleted()`.execute(db);

  // clips deleted: their enrichment and bin_clips go, and both rollups move by the rows gone (the
  // upserts of ingest/rollups.ts written out, so this migration does not change with that code).
  await sql`
    create or replace function clips_deleted() returns trigger language plpgsql as $$
    begin
      delete from clip_enrichment where clip_id in (select id from gone_clips);
      with gone as (
        delete from bin_clips where clip_id in (select id from gone_clips)
        returning bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour,
                  ave, favourability_id as fav, brand_association_id as ba, rejected
      ), h as (
        insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter)
        select bin_id, stream_id, hour, -count(*), -sum(ave), -count(*) filter (where fav = 1), -count(*) filter (where fav = 3),
               -count(*) filter (where fav = 2), -count(*) filter (where ba = 1), -count(*) filter (where ba = 2),
               -count(*) filter (where ba not in (1, 2))
          from gone where not rejected group by 1, 2, 3 order by 1, 2, 3
        on conflict (bin_id, stream_id, hour) do update
          set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave, positive = h.positive + excluded.positive,
              negative = h.negative + excluded.negative, neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
              earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter
        returning 1
      )
      insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
      select bin_id, stream_id, hour, case when ba in (1, 2) then ba else 3 end,
             -count(*) filter (where fav = 1), -count(*) filter (where fav = 2), -count(*) filter (where fav = 3), -sum(ave)
        from gone where not rejected group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (bin_id, stream_id, hour, brand_association_id) do update
        set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
            negative = s.negative + excluded.negative, ave = s.ave + excluded.ave;
      return null;
    end $$`.execute(db);
  await sql`create trigger clips_deleted after delete on clips referencing old table as gone_clips for each statement execute function clips_deleted()`.execute(
    db,
  );

  // authors deleted while clips name them: refused, as the foreign key did.
  await sql`
    create or replace function authors_deleted() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from clips c join gone_authors a on a.id = c.author_id) then
        raise exception 'authors still named by clips cannot be deleted' using errcode = '23503';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger authors_deleted after delete on authors referencing old table as gone_authors for each statement execute function authors_deleted()`.execute(
    db,
  );
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
  for (const t of ['bins', 'clips', 'authors']) {
    await sql`drop trigger if exists ${sql.id(`${t}_deleted`)} on ${sql.table(t)}`.execute(db);
    await sql`drop function if exists ${sql.id(`${t}_deleted`)}()`.execute(db);
  }
  // Rows the keys would refuse (left by a delete the triggers above did not see, e.g. TRUNCATE) go first.
  await sql`delete from bin_clips b where not exists (select 1 from bins where id = b.bin_id) or not exists (select 1 from clips where id = b.clip_id)`.execute(
    db,
  );
  await sql`delete from clip_enrichment e where not exists (select 1 from clips where id = e.clip_id)`.execute(db);
  await sql`update clips c set author_id = null where author_id is not null and not exists (select 1 from authors where id = c.author_id)`.execute(db);
  for (const [table, name, def] of FKS) await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} ${sql.raw(def)}`.execute(db);
  await sql`
    create or replace function bin_hourly_sentiment_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(upsertFrom(`select bin_id, stream_id, posted_at, brand_association_id as ba, favourability_id as fav, ave, 1 as sign from bhs_new where not rejected`))};
      elsif tg_op = 'DELETE' then
        ${sql.raw(upsertFrom(`select bin_id, stream_id, posted_at, brand_association_id as ba, favourability_id as fav, ave, -1 as sign from bhs_old where not rejected`))};
      else
        ${sql.raw(
          upsertFrom(`
          select o.bin_id, o.stream_id, o.posted_at, o.brand_association_id as ba, o.favourability_id as fav, o.ave, -1 as sign
            from bhs_old o join bhs_new n on n.id = o.id where not o.rejected and ${CHANGED}
          union all
          select n.bin_id, n.stream_id, n.posted_at, n.brand_association_id, n.favourability_id, n.ave, 1
            from bhs_old o join bhs_new n on n.id = o.id where not n.rejected and ${CHANGED}`),
        )};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bin_clips_sentiment_ins after insert on bin_clips referencing new table as bhs_new for each statement execute function bin_hourly_sentiment_apply()`.execute(
    db,
  );
  await sql`create trigger bin_clips_sentiment_upd after update on bin_clips referencing old table as bhs_old new table as bhs_new for each statement execute function bin_hourly_sentiment_apply()`.execute(
    db,
  );
  await sql`create trigger bin_clips_sentiment_del after delete on bin_clips referencing old table as bhs_old for each statement execute function bin_hourly_sentiment_apply()`.execute(
    db,
  );
}
