// Rows keyed for one tenant, and what existing rows needed for the code that keys them so:
//
// - Posts added to an input bin by hand were keyed globally (`manual:<hash>`, their author
//   `manual:<folded name>`), so two clients adding the same post by the same author shared one
//   clip and one author row, each overwriting the other's name, followers and engagement. They are
//   now the project's own (`manual:<project id>:…`, modules/bins/manual-posts.ts). A clip held by
//   several projects is split: the lowest project id keeps the row, every other project gets a
//   copy (with its enrichment and place) and its bin rows, ratings and word-bin matches move to
//   it; then each project gets its own copy of the authors its manual clips and influencers name,
//   and the shared author rows nothing names any more go.
// - Blog items are keyed by their feed and guid (`<feed address> <guid>`, ingest/connectors/
//   blog.ts). Items stored before keep their guid, since which feed read them was not stored; the
//   few whose guid already had the new form are renamed `legacy <guid>`, so none can stand in for
//   a feed's item.
// - A word bin's workflow board is made with the bin (modules/word-bins/queries.ts), and reading a
//   board no longer creates it: bins without one get it here, with the default group 'New'.
import { sql, type Kysely } from 'kysely';

const OLD_MANUAL_CLIP = '^manual:[0-9a-f]{32}$';
const NEW_MANUAL_CLIP = '^manual:([0-9]+):[0-9a-f]{32}$';

const ids = (rows: { id: string | number }[]) => rows.map((r) => Number(r.id));

/**
 * Splits the old manual clips by project; returns the ids of the manual clips now keyed by their
 * project (each old one held by a project, and the copies). The clips are found in one pass and
 * named by id from then on.
 */
async function splitManualClips(db: Kysely<any>): Promise<number[]> {
  const old = ids((await sql<{ id: string }>`select id from clips where external_id ~ ${OLD_MANUAL_CLIP}`.execute(db)).rows);
  if (old.length === 0) return [];
  // The projects holding each: in a bin, rated, or matched by a word bin.
  const held = sql`
    select clip_id, project_id from bin_clips where clip_id = any(${old}::bigint[])
    union
    select clip_id, project_id from sentiment_labels where clip_id = any(${old}::bigint[])
    union
    select wbc.clip_id, wb.project_id from word_bin_clips wbc join word_bins wb on wb.id = wbc.word_bin_id where wbc.clip_id = any(${old}::bigint[])`;
  // A copy for every project but the lowest.
  const made = await sql<{ id: string }>`
    with cp as (${held}), keep as (select clip_id, min(project_id) as project_id from cp group by clip_id)
    insert into clips (stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id, in_reply_to_handle,
                       likes, comments, shares, views, language, reach, impressions, country, created_at, updated_at)
    select c.stream_id, 'manual:' || cp.project_id || ':' || substr(c.external_id, 8), c.author_id, c.body, c.posted_at, c.link,
           c.media_url, c.parent_external_id, c.in_reply_to_handle, c.likes, c.comments, c.shares, c.views, c.language, c.reach,
           c.impressions, c.country, c.created_at, c.updated_at
      from cp join keep k on k.clip_id = cp.clip_id and cp.project_id <> k.project_id join clips c on c.id = cp.clip_id
     order by c.id, cp.project_id
    on conflict (stream_id, external_id) do nothing
    returning id`.execute(db);
  const copied = ids(made.rows);
  // Each copy with the old clip it copies and its project.
  const copies = sql`
    select c.id as old_id, n.id as new_id, substring(n.external_id from ${NEW_MANUAL_CLIP})::int as project_id
      from clips n join clips c on c.stream_id = n.stream_id and c.external_id = 'manual:' || split_part(n.external_id, ':', 3)
     where n.id = any(${copied}::bigint[])`;
  await sql`
    with m as (${copies})
    insert into clip_enrichment (clip_id, classification_id, sentiment_score, people, organisations, places, hashtags, handles, urls, terms)
    select m.new_id, e.classification_id, e.sentiment_score, e.people, e.organisations, e.places, e.hashtags, e.handles, e.urls, e.terms
      from m join clip_enrichment e on e.clip_id = m.old_id
    on conflict (clip_id) do nothing`.execute(db);
  await sql`
    with m as (${copies})
    insert into clip_locations (clip_id, country_code, place, latitude, longitude)
    select m.new_id, l.country_code, l.place, l.latitude, l.longitude from m join clip_locations l on l.clip_id = m.old_id
    on conflict (clip_id) do nothing`.execute(db);
  // The copy's project's rows move to it (the rollups are per bin: they do not move).
  await sql`with m as (${copies}) update bin_clips t set clip_id = m.new_id from m where t.clip_id = m.old_id and t.project_id = m.project_id`.execute(db);
  await sql`with m as (${copies}) update sentiment_labels t set clip_id = m.new_id from m where t.clip_id = m.old_id and t.project_id = m.project_id`.execute(
    db,
  );
  await sql`
    with m as (${copies})
    update word_bin_clips t set clip_id = m.new_id from m, word_bins wb
     where wb.id = t.word_bin_id and t.clip_id = m.old_id and wb.project_id = m.project_id`.execute(db);
  // The one project left on each old clip keeps the row, under its own key. A clip no project
  // holds keeps its old key.
  const kept = await sql<{ id: string }>`
    with cp as (${held}), keep as (select clip_id, min(project_id) as project_id from cp group by clip_id)
    update clips c set external_id = 'manual:' || k.project_id || ':' || substr(c.external_id, 8) from keep k where c.id = k.clip_id
    returning c.id`.execute(db);
  return [...ids(kept.rows), ...copied];
}

/** Each project naming an old manual author (its manual clips, its influencers) gets its own copy of it. */
async function splitManualAuthors(db: Kysely<any>, clips: number[]): Promise<void> {
  // Every manual author row is of the old kind when this runs.
  const pairs = sql`
    select distinct c.author_id, substring(c.external_id from ${NEW_MANUAL_CLIP})::int as project_id
      from clips c join authors a on a.id = c.author_id
     where c.id = any(${clips}::bigint[]) and a.external_id like 'manual:%'
    union
    select i.author_id, i.project_id from influencers i join authors a on a.id = i.author_id where a.external_id like 'manual:%'`;
  await sql`
    with p as (${pairs})
    insert into authors (stream_id, external_id, name, handle, followers)
    select a.stream_id, 'manual:' || p.project_id || ':' || substr(a.external_id, 8), a.name, a.handle, a.followers
      from p join authors a on a.id = p.author_id
     order by a.id, p.project_id
    on conflict (stream_id, external_id) do nothing`.execute(db);
  // One statement, so every update reads the same pairs (before any of them moved).
  const moved = await sql<{ old_id: string }>`
    with p as (${pairs}), m as (
      select o.id as old_id, n.id as new_id, p.project_id
        from p join authors o on o.id = p.author_id
        join authors n on n.stream_id = o.stream_id and n.external_id = 'manual:' || p.project_id || ':' || substr(o.external_id, 8)
    ), c as (
      update clips t set author_id = m.new_id from m
       where t.id = any(${clips}::bigint[]) and t.author_id = m.old_id and substring(t.external_id from ${NEW_MANUAL_CLIP}) = m.project_id::text
    ), b as (
      update bin_clips t set author_id = m.new_id from m where t.author_id = m.old_id and t.project_id = m.project_id
    ), i as (
      update influencers t set author_id = m.new_id from m where t.author_id = m.old_id and t.project_id = m.project_id
    )
    select distinct old_id from m`.execute(db);
  const old = moved.rows.map((r) => Number(r.old_id));
  if (old.length)
    await sql`
      delete from authors a
       where a.id = any(${old}::bigint[])
         and not exists (select 1 from clips where author_id = a.id)
         and not exists (select 1 from bin_clips where author_id = a.id)
         and not exists (select 1 from influencers where author_id = a.id)`.execute(db);
}

/** Blog items whose guid already reads like a feed's new key (an address, a space, …) get another. */
async function renameLookalikeBlogItems(db: Kysely<any>): Promise<void> {
  const rows = await sql<{ id: string; external_id: string }>`
    select id, external_id from clips where stream_id = 13 and external_id ~* '^https?://[^ ]* ' order by id`.execute(db);
  for (const row of rows.rows) {
    let key = `legacy ${row.external_id}`;
    while ((await sql`select 1 from clips where stream_id = 13 and external_id = ${key}`.execute(db)).rows.length) key = `legacy ${key}`;
    await sql`update clips set external_id = ${key} where id = ${row.id}`.execute(db);
  }
}

async function giveWordBinsTheirBoards(db: Kysely<any>): Promise<void> {
  await sql`
    with made as (
      insert into workflows (word_bin_id, description)
      select wb.id, wb.description from word_bins wb where not exists (select 1 from workflows w where w.word_bin_id = wb.id) order by wb.id
      returning id
    )
    insert into workflow_groups (workflow_id, description, is_default, position) select id, 'New', true, 0 from made`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await splitManualAuthors(db, await splitManualClips(db));
  await renameLookalikeBlogItems(db);
  await giveWordBinsTheirBoards(db);
}

// Left as they are: the code before this migration reads these rows too (it would only take a
// per-project manual post added again for a new one), and merging copies back would bring back the
// sharing this migration ends.
export async function down(): Promise<void> {}
