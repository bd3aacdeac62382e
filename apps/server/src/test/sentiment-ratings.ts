// Made-up posts to rate, a person's sentiment ratings as the clip tray keeps them, and the
// sentiment rollups to compare before and after, for the tests of a client's own model
// (docs/sentiment.md). Test support only.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Post } from '../ingest/post.ts';
import { makePost } from '../ingest/testing.ts';
import { changeBinClips } from '../ledger/index.ts';

export const DRINKS = ['cola', 'lemonade', 'ginger beer', 'cream soda', 'iced tea', 'tonic', 'root beer', 'energy drink', 'sparkling water', 'mango juice'];
export const TOWNS = ['Durban', 'Soweto', 'Pretoria', 'Cape Town', 'Gqeberha', 'Polokwane', 'Bloemfontein', 'Kimberley'];
/** Fans' praise in slang ("sick", "filthy") that the shipped model reads as blame. */
export const SLANG = ['sick', 'filthy', 'insane', 'wicked'];
/** Complaints, which both the shipped and an adapted model read as blame. */
export const COMPLAINTS = ['tasted awful, never buying it again', 'was flat and disgusting, terrible'];

/**
 * A post about each drink in each town, alternately plain news and praise in slang (the rule
 * "acme" files every one), posted through one June morning; external ids `${idPrefix}-0`, ….
 */
export function drinkPosts(idPrefix: string): Post[] {
  const out: Post[] = [];
  let i = 0;
  for (const drink of DRINKS)
    for (const town of TOWNS) {
      const body = i % 2 ? `acme ${drink} in ${town} is ${SLANG[i % SLANG.length]}` : `acme ${drink} now on shelves in ${town}`;
      out.push(makePost(body, { externalId: `${idPrefix}-${i}`, postedAt: new Date(Date.UTC(2024, 5, 1, 8 + (i % 10), i % 60)) }));
      i++;
    }
  return out;
}

/** Rate posts for a project: the labels, and the project's rows of those clips moved through the ledger. */
export async function rateClips(db: Db, projectId: number, clipIds: number[], favourabilityId: number): Promise<void> {
  if (!clipIds.length) return;
  await db
    .insertInto('sentiment_labels')
    .values(clipIds.map((clip_id) => ({ project_id: projectId, clip_id, favourability_id: favourabilityId })))
    .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doUpdateSet({ favourability_id: favourabilityId, rated_at: new Date() }))
    .execute();
  const rows = await db.selectFrom('bin_clips').select('id').where('project_id', '=', projectId).where('clip_id', 'in', clipIds).execute();
  await changeBinClips(
    db,
    rows.map((r) => Number(r.id)),
    { favourabilityId },
  );
}

/** The hourly and hourly-sentiment rollups' sentiment counts, in a fixed order. */
export async function sentimentRollups(db: Db): Promise<object[][]> {
  const hourly = await sql<object>`select bin_id, stream_id, hour, clips, positive, neutral, negative from bin_hourly order by 1, 2, 3`.execute(db);
  const sentiment =
    await sql<object>`select bin_id, stream_id, hour, brand_association_id, positive, neutral, negative from bin_hourly_sentiment order by 1, 2, 3, 4`.execute(
      db,
    );
  return [hourly.rows, sentiment.rows];
}
