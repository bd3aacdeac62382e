// bin_clips range-partitioned by month of posted_at (docs/scaling.md, "Growth of the data"): a
// partitioned table is made beside the old one, with a partition per UTC month from the oldest
// stored month (at most 36 months back, at least 12) to two months ahead and a DEFAULT partition
// for anything else; the rows move, the names swap, the indexes are made on the loaded table. The
// keys carry the partition key: primary key (id, posted_at), unique (bin_id, clip_id, posted_at),
// which is filing's `on conflict` target (a post's posted_at never changes once stored). Nothing
// refers to bin_clips.id, so no foreign key changes. The same DDL runs on PGlite. Later months are
// made by the daily `bin-clips-months` job (ledger/partitions.ts).
import { sql, type Kysely } from 'kysely';

const COLUMNS = `id, bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id, favourability_id,
  brand_association_id, ave, impact_score, rejected, workflow_group_id, created_at, rejected_by, rejected_at`;

function monthName(d: Date): string {
  return `bin_clips_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bin_clips rename to bin_clips_plain`.execute(db);
  for (const c of ['bin_clips_pkey', 'bin_clips_bin_clip'])
    await sql`alter table bin_clips_plain rename constraint ${sql.id(c)} to ${sql.id(`${c}_plain`)}`.execute(db);
  for (const i of [
    'bin_clips_author_bin_posted',
    'bin_clips_bin_created',
    'bin_clips_bin_impact',
    'bin_clips_bin_posted',
    'bin_clips_clip',
    'bin_clips_project_posted',
    'bin_clips_rejected',
  ])
    await sql`alter index ${sql.id(i)} rename to ${sql.id(`${i}_plain`)}`.execute(db);
  await sql`alter sequence bin_clips_id_seq owned by none`.execute(db);
  await sql`create table bin_clips (
      id bigint not null default nextval('bin_clips_id_seq'),
      bin_id integer not null,
      project_id integer not null,
      clip_id bigint not null,
      stream_id smallint not null,
      posted_at timestamptz not null,
      author_id bigint,
      classification_id smallint not null default 0,
      favourability_id smallint not null default 2,
      brand_association_id smallint not null default 3,
      ave double precision not null default 0,
      impact_score double precision not null default 0,
      rejected boolean not null default false,
      workflow_group_id bigint,
      created_at timestamptz not null default now(),
      rejected_by integer,
      rejected_at timestamptz
    ) partition by range (posted_at)`.execute(db);
  await sql`alter sequence bin_clips_id_seq owned by bin_clips.id`.execute(db);

  const { rows } = await sql<{ oldest: Date | null }>`select min(posted_at) as oldest from bin_clips_plain`.execute(db);
  const now = new Date();
  const month = (y: number, m: number) => new Date(Date.UTC(y, m, 1));
  const floor = month(now.getUTCFullYear(), now.getUTCMonth() - 36);
  let lo = month(now.getUTCFullYear(), now.getUTCMonth() - 12);
  const oldest = rows[0].oldest ? new Date(rows[0].oldest) : null;
  if (oldest && oldest < lo) lo = oldest < floor ? floor : month(oldest.getUTCFullYear(), oldest.getUTCMonth());
  const end = month(now.getUTCFullYear(), now.getUTCMonth() + 3);
  for (; lo < end; lo = month(lo.getUTCFullYear(), lo.getUTCMonth() + 1)) {
    const hi = month(lo.getUTCFullYear(), lo.getUTCMonth() + 1);
    await sql`create table ${sql.id(monthName(lo))} partition of bin_clips
                for values from (${sql.lit(lo.toISOString())}) to (${sql.lit(hi.toISOString())})`.execute(db);
  }
  await sql`create table bin_clips_default partition of bin_clips default`.execute(db);

  await sql`insert into bin_clips (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from bin_clips_plain`.execute(db);
  await sql`drop table bin_clips_plain`.execute(db);
  await sql`alter table bin_clips add constraint bin_clips_rejected_by_fkey foreign key (rejected_by) references users(id) on delete set null`.execute(db);

  await sql`alter table bin_clips add constraint bin_clips_pkey primary key (id, posted_at)`.execute(db);
  await sql`alter table bin_clips add constraint bin_clips_bin_clip unique (bin_id, clip_id, posted_at)`.execute(db);
  await sql`create index bin_clips_author_bin_posted on bin_clips (author_id, bin_id, posted_at)`.execute(db);
  await sql`create index bin_clips_bin_created on bin_clips (bin_id, created_at)`.execute(db);
  await sql`create index bin_clips_bin_impact on bin_clips (bin_id, impact_score desc, id) include (stream_id, posted_at) where not rejected`.execute(db);
  await sql`create index bin_clips_bin_posted on bin_clips (bin_id, posted_at)`.execute(db);
  await sql`create index bin_clips_clip on bin_clips (clip_id)`.execute(db);
  await sql`create index bin_clips_project_posted on bin_clips (project_id, posted_at)`.execute(db);
  await sql`create index bin_clips_rejected on bin_clips (bin_id, posted_at desc, id desc) include (author_id, stream_id) where rejected`.execute(db);
  await sql`analyze bin_clips`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0051 (bin_clips by month) is not reversible: restore from a backup taken before it');
}
