// A person's sentiment ratings as the clip tray keeps them, and the sentiment rollups to compare
// before and after, for the tests of a client's own model (docs/sentiment.md). Test support only.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { changeBinClips } from '../ledger/index.ts';

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
