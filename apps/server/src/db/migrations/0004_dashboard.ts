// The dashboard's indexes and its one extra rollup. bin_hourly (0002) carries counts, AVE,
// favourability and owned/earned/chatter per hour, but not their cross: the sentiment summary
// needs positive/neutral/negative per brand association. bin_hourly_sentiment holds that cross,
// kept in step by statement-level triggers on bin_clips (insert, update, delete), so every
// writer (ingestion, rating, rejecting) moves it without knowing it exists.
import { sql, type Kysely } from 'kysely';

const CHANGED = `(o.bin_id, o.stream_id, o.posted_at, o.brand_association_id, o.favourability_id, o.ave, o.rejected)
  is distinct from (n.bin_id, n.stream_id, n.posted_at, n.brand_association_id, n.favourability_id, n.ave, n.rejected)`;

/** The rollup upsert over a set of signed rows (bin_id, stream_id, posted_at, ba, fav, ave, sign). */
const upsertFrom = (rows: string) => `
  insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
  select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
         case when ba in (1, 2) then ba else 3 end,
         sum(sign * (fav = 1)::int), sum(sign * (fav = 2)::int), sum(sign * (fav = 3)::int), sum(sign * ave)
    from (${rows}) d group by 1, 2, 3, 4
  on conflict (bin_id, stream_id, hour, brand_association_id) do update
    set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
        negative = s.negative + excluded.negative, ave = s.ave + excluded.ave`;

export async function up(db: Kysely<any>): Promise<void> {
  // Top posts: walk a bin's posts by impact score (ties by id, so no sort of a tied group) and stop
  // at the first ten in range; stream and date are in the index, so the walk skips the heap.
  await sql`create index if not exists bin_clips_bin_impact on bin_clips (bin_id, impact_score desc, id) include (stream_id, posted_at) where not rejected`.execute(
    db,
  );
  // Top authors and influencer checks: an author's posts in a bin and range.
  await sql`create index if not exists bin_clips_author_bin_posted on bin_clips (author_id, bin_id, posted_at)`.execute(db);
  // Rating a clip rates its rows in every bin of the project.
  await sql`create index if not exists bin_clips_clip on bin_clips (clip_id)`.execute(db);
  await sql`create index if not exists authors_followers on authors (followers desc)`.execute(db);

  await db.schema
    .createTable('bin_hourly_sentiment')
    .addColumn('bin_id', 'integer', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    // 1 Owned, 2 Earned, 3 Chatter (0 is stored as 3).
    .addColumn('brand_association_id', 'smallint', (c) => c.notNull())
    .addColumn('positive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('neutral', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ave', sql`double precision`, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bin_hourly_sentiment_pk', ['bin_id', 'stream_id', 'hour', 'brand_association_id'])
    .execute();

  // One function for the three triggers: signed rows (+1 new, -1 old) of non-rejected clips,
  // summed per bin, stream, UTC hour and brand association, added to the rollup.
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

  // Existing clips (an upgrade, not a fresh install): build the rollup once.
  await sql`
    insert into bin_hourly_sentiment (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           case when brand_association_id in (1, 2) then brand_association_id else 3 end,
           count(*) filter (where favourability_id = 1), count(*) filter (where favourability_id = 2),
           count(*) filter (where favourability_id = 3), sum(ave)
      from bin_clips where not rejected group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['ins', 'upd', 'del']) await sql`drop trigger if exists ${sql.raw(`bin_clips_sentiment_${t}`)} on bin_clips`.execute(db);
  await sql`drop function if exists bin_hourly_sentiment_apply()`.execute(db);
  await db.schema.dropTable('bin_hourly_sentiment').ifExists().execute();
  for (const i of ['bin_clips_bin_impact', 'bin_clips_author_bin_posted', 'bin_clips_clip', 'authors_followers'])
    await db.schema.dropIndex(i).ifExists().execute();
}
