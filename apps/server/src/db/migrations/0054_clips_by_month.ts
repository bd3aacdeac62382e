// clips range-partitioned by month of posted_at, as bin_clips is (0051; docs/scaling.md, "Growth of
// the data"). PostgreSQL wants the partition key in every unique key of a partitioned table, so:
// - the key clips were unique on, (stream_id, external_id), moves to a table of its own,
//   clip_keys (stream_id, external_id) -> (clip_id, posted_at): filing (ledger/file-posts.ts)
//   upserts it first, then upserts the clip on its new primary key (id, posted_at). A statement
//   trigger (clips_inserted) adds the key of a clip written by anything else (a test's fixture, a
//   benchmark's bulk load), so the key table always names every clip;
// - the four foreign keys to clips(id) (word_bin_clips, sentiment_labels, response_marks,
//   response_alerts) go: a key to a partitioned table must name (id, posted_at). A deleted clip's
//   rows there, and its key, are deleted by a second statement trigger (clips_deleted_refs), as
//   clips_deleted (0005) already does for bin_clips, clip_enrichment and clip_locations.
// The partitioned table is made beside the old one (a month from the oldest stored month, at most
// 36 back and at least 12, to two ahead, and clips_default for anything else), the rows move, the
// names swap, the keys and indexes are made on the loaded table. The daily `bin-clips-months` job
// makes later months of both tables (ledger/partitions.ts). The same DDL runs on PGlite.
import { sql, type Kysely } from 'kysely';

const COLUMNS = `id, stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id, likes, comments,
  shares, views, language, reach, impressions, country, created_at, updated_at, in_reply_to_handle`;

function monthName(d: Date): string {
  return `clips_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, key] of [
    ['word_bin_clips', 'word_bin_clips_clip_id_fkey'],
    ['sentiment_labels', 'sentiment_labels_clip_id_fkey'],
    ['response_marks', 'response_marks_clip_id_fkey'],
    ['response_alerts', 'response_alerts_clip_id_fkey'],
  ])
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(key)}`.execute(db);
  // The deletes that follow a clip find its rows by clip id.
  await sql`create index word_bin_clips_clip on word_bin_clips (clip_id)`.execute(db);
  await sql`create index response_marks_clip on response_marks (clip_id)`.execute(db);
  await sql`create index response_alerts_clip on response_alerts (clip_id)`.execute(db);

  await sql`alter table clips rename to clips_plain`.execute(db);
  await sql`drop trigger clips_deleted on clips_plain`.execute(db);
  for (const c of ['clips_pkey', 'clips_stream_external'])
    await sql`alter table clips_plain rename constraint ${sql.id(c)} to ${sql.id(`${c}_plain`)}`.execute(db);
  await sql`alter index clips_parent rename to clips_parent_plain`.execute(db);
  await sql`alter sequence clips_id_seq owned by none`.execute(db);
  await sql`create table clips (
      id bigint not null default nextval('clips_id_seq'),
      stream_id smallint not null,
      external_id text not null,
      author_id bigint,
      body text not null,
      posted_at timestamptz not null,
      link text,
      media_url text,
      parent_external_id text,
      likes integer not null default 0,
      comments integer not null default 0,
      shares integer not null default 0,
      views bigint not null default 0,
      language text,
      reach bigint not null default 0,
      impressions bigint not null default 0,
      country text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      in_reply_to_handle text
    ) partition by range (posted_at)`.execute(db);
  await sql`alter sequence clips_id_seq owned by clips.id`.execute(db);

  const { rows } = await sql<{ oldest: Date | null }>`select min(posted_at) as oldest from clips_plain`.execute(db);
  const now = new Date();
  const month = (y: number, m: number) => new Date(Date.UTC(y, m, 1));
  const floor = month(now.getUTCFullYear(), now.getUTCMonth() - 36);
  let lo = month(now.getUTCFullYear(), now.getUTCMonth() - 12);
  const oldest = rows[0].oldest ? new Date(rows[0].oldest) : null;
  if (oldest && oldest < lo) lo = oldest < floor ? floor : month(oldest.getUTCFullYear(), oldest.getUTCMonth());
  const end = month(now.getUTCFullYear(), now.getUTCMonth() + 3);
  for (; lo < end; lo = month(lo.getUTCFullYear(), lo.getUTCMonth() + 1)) {
    const hi = month(lo.getUTCFullYear(), lo.getUTCMonth() + 1);
    await sql`create table ${sql.id(monthName(lo))} partition of clips
                for values from (${sql.lit(lo.toISOString())}) to (${sql.lit(hi.toISOString())})`.execute(db);
  }
  await sql`create table clips_default partition of clips default`.execute(db);

  await sql`insert into clips (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from clips_plain`.execute(db);
  await sql`create table clip_keys (
      stream_id smallint not null,
      external_id text not null,
      clip_id bigint not null,
      posted_at timestamptz not null,
      constraint clip_keys_pkey primary key (stream_id, external_id)
    )`.execute(db);
  await sql`insert into clip_keys (stream_id, external_id, clip_id, posted_at)
            select stream_id, external_id, id, posted_at from clips_plain order by stream_id, external_id`.execute(db);
  await sql`drop table clips_plain`.execute(db);

  await sql`alter table clips add constraint clips_pkey primary key (id, posted_at)`.execute(db);
  await sql`create index clips_parent on clips (stream_id, parent_external_id) where parent_external_id is not null`.execute(db);
  await sql`create trigger clips_deleted after delete on clips referencing old table as gone_clips for each statement execute function clips_deleted()`.execute(
    db,
  );
  await sql`
    create or replace function clips_deleted_refs() returns trigger language plpgsql as $$
    begin
      delete from clip_keys k using gone_clips g where k.stream_id = g.stream_id and k.external_id = g.external_id and k.clip_id = g.id;
      delete from word_bin_clips where clip_id in (select id from gone_clips);
      delete from sentiment_labels where clip_id in (select id from gone_clips);
      delete from response_marks where clip_id in (select id from gone_clips);
      delete from response_alerts where clip_id in (select id from gone_clips);
      return null;
    end $$`.execute(db);
  await sql`create trigger clips_deleted_refs after delete on clips referencing old table as gone_clips for each statement execute function clips_deleted_refs()`.execute(
    db,
  );
  await sql`
    create or replace function clips_inserted() returns trigger language plpgsql as $$
    begin
      insert into clip_keys (stream_id, external_id, clip_id, posted_at)
      select stream_id, external_id, id, posted_at from new_clips order by stream_id, external_id
      on conflict (stream_id, external_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger clips_inserted after insert on clips referencing new table as new_clips for each statement execute function clips_inserted()`.execute(
    db,
  );
  await sql`analyze clips`.execute(db);
  await sql`analyze clip_keys`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0054 (clips by month) is not reversible: restore from a backup taken before it');
}
