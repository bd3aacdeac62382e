// SQL of the word cloud: the terms of the range's latest WORDCLOUD_SAMPLE clips (or of given
// clips), counted per clip; tracked phrases counted in the same clips' text; the project's
// include/exclude phrases.
import { MAX_PHRASES_PER_PROJECT, WORDCLOUD_SAMPLE, type CloudFilter } from '@listening/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../errors.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';

const TERMS: Record<CloudFilter, string> = {
  words: 'e.terms',
  hashtags: 'e.hashtags',
  handles: 'e.handles',
  entities: 'e.people || e.organisations || e.places',
};

/** The clips a cloud reads: the latest of the range, or the given clip ids within it. */
function sample(db: Db, s: Scope, clipIds?: number[]) {
  return db
    .selectFrom('bin_clips')
    .select('bin_clips.clip_id')
    .$call(clipsInScope(s))
    .$if(clipIds !== undefined, (qb) => qb.where('bin_clips.clip_id', 'in', clipIds!.length ? clipIds! : [0]))
    .orderBy('bin_clips.posted_at', 'desc')
    .limit(WORDCLOUD_SAMPLE);
}

/** Terms of one kind with the number of sampled clips that carry them, most frequent first. */
export async function termCounts(db: Db, s: Scope, filter: CloudFilter, limit: number, clipIds?: number[]) {
  const r = await sql<{ value: string; count: number }>`
    with sample as (${sample(db, s, clipIds)})
    select t.value, count(distinct sample.clip_id)::int as count
      from sample
      join clip_enrichment e on e.clip_id = sample.clip_id
      cross join lateral unnest(${sql.raw(TERMS[filter])}) as t(value)
     group by t.value
     order by 2 desc, 1
     limit ${limit}`.execute(db);
  return r.rows;
}

/** How many sampled clips contain each tracked phrase (case-insensitive). */
export async function phraseCounts(db: Db, s: Scope, phrases: string[], clipIds?: number[]) {
  const r = await sql<{ value: string; count: number }>`
    with sample as (${sample(db, s, clipIds)})
    select p.phrase as value, count(*)::int as count
      from sample
      join clips on clips.id = sample.clip_id
      join unnest(array[${sql.join(phrases)}]::text[]) as p(phrase) on strpos(lower(clips.body), p.phrase) > 0
     group by p.phrase`.execute(db);
  return r.rows;
}

export function phrases(db: Db, projectId: number, kind?: 'include' | 'exclude') {
  return db
    .selectFrom('wordcloud_phrases')
    .select(['id', 'phrase', 'kind'])
    .where('project_id', '=', projectId)
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
    .orderBy('phrase')
    .execute();
}

export const TOO_MANY_PHRASES = `A project keeps at most ${MAX_PHRASES_PER_PROJECT} word-cloud phrases (included and excluded together)`;

/**
 * Adds a phrase as include or exclude, removing it from the other list. A project keeps at most
 * MAX_PHRASES_PER_PROJECT phrases (400 beyond); moving or repeating a phrase adds none. The
 * project's row is locked first, so two calls at once cannot both take the last place.
 */
export async function setPhrase(db: Db, projectId: number, phrase: string, kind: 'include' | 'exclude') {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
    const { others } = await trx
      .selectFrom('wordcloud_phrases')
      .select((eb) => eb.fn.countAll<number>().as('others'))
      .where('project_id', '=', projectId)
      .where('phrase', '!=', phrase)
      .executeTakeFirstOrThrow();
    if (Number(others) >= MAX_PHRASES_PER_PROJECT) throw badRequest(TOO_MANY_PHRASES);
    await trx.deleteFrom('wordcloud_phrases').where('project_id', '=', projectId).where('phrase', '=', phrase).where('kind', '!=', kind).execute();
    await trx
      .insertInto('wordcloud_phrases')
      .values({ project_id: projectId, phrase, kind })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return trx
      .selectFrom('wordcloud_phrases')
      .select(['id', 'phrase', 'kind'])
      .where('project_id', '=', projectId)
      .where('phrase', '=', phrase)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
  });
}

/** Takes a phrase off the project's include and exclude lists; how many rows went (0 or 1). */
export async function removePhrase(db: Db, projectId: number, phrase: string) {
  const r = await db.deleteFrom('wordcloud_phrases').where('project_id', '=', projectId).where('phrase', '=', phrase).executeTakeFirst();
  return Number(r.numDeletedRows);
}
