// Re-scoring a client's posts with its adaptation in use (docs/sentiment.md, "A client's own
// model"), as the recompute after a model change does it (jobs/sentiment-recompute.ts): the
// client's clips are walked in id order in batches; each batch is one transaction that scores the
// clips, moves the client's bin_clips rows whose favourability changed through the ledger's
// changeBinClips (so the rollups stay exact), sets their classification, and advances the cursor
// on the model's row. A stopped job resumes after the last batch it committed. Rows a person rated
// in their project keep the rating; other clients' rows of a shared post are not touched, and the
// post's own enrichment (shared) keeps the shipped model's verdict. After an admin stopped the
// adaptation in use, the same walk gives the client's rows the shipped model's verdict back, its
// cursor on the stopped model's row.
import type { Db } from '../../db/connection.ts';
import { yieldToRequests } from '../../jobs/yield.ts';
import { changeBinClips, reclassify } from '../../ledger/index.ts';
import { detectLanguage } from '../../nlp/language.ts';
import { scoreAdapted } from '../../nlp/sentiment-adapt.ts';
import { scoreSentiment } from '../../nlp/sentiment.ts';
import { analyse } from '../../nlp/text.ts';
import { adaptationOf } from './adapt.ts';
import * as q from './queries.ts';

/** Clips per transaction: a batch holds its rollup rows' locks only briefly. */
export const RESCORE_BATCH = 500;
/** Clips scored between two chances for requests to run. */
const SCORE_SLICE = 100;

export interface RescoreProgress {
  modelId: number | null;
  postsRescored: number;
  rowsChanged: number;
  finished: boolean;
}

/**
 * Runs (or resumes) the re-scoring of the client's posts with its adaptation in use (or with the
 * shipped model, when an admin stopped the one in use: q.modelToRescore), up to the
 * newest clip; run again later, it goes on with the posts filed since. `maxBatches` stops early
 * (tests); `signal` stops between batches when the lease is lost.
 */
export async function rescoreClient(
  db: Db,
  clientId: number,
  opts: { signal?: AbortSignal; batch?: number; maxBatches?: number } = {},
): Promise<RescoreProgress> {
  const model = await q.modelToRescore(db, clientId);
  const adaptation = adaptationOf(model);
  if (!model || (!adaptation && model.stopped_at === null)) return { modelId: null, postsRescored: 0, rowsChanged: 0, finished: true };
  const batch = opts.batch ?? RESCORE_BATCH;
  let finished = false;
  for (let n = 0; ; n++) {
    if (opts.signal?.aborted || (opts.maxBatches !== undefined && n >= opts.maxBatches)) break;
    const more = await db.transaction().execute(async (trx) => {
      // The model's row, locked: a second worker on the same client waits, then sees the new cursor.
      const progress = await q.lockModel(trx, model.id);
      const clips = await q.clipsToRescore(trx, clientId, Number(progress.last_clip_id), batch);
      if (clips.length === 0) {
        await q.finishRescore(trx, model.id);
        return false;
      }
      const scored = new Map<number, { favourabilityId: number; classificationId: number }>();
      for (const [i, c] of clips.entries()) {
        if (i > 0 && i % SCORE_SLICE === 0) await yieldToRequests();
        const a = analyse(c.body);
        const language = c.language || detectLanguage(a.tokens, c.body);
        const s = adaptation ? scoreAdapted(a, c.body, language, adaptation) : scoreSentiment(a, c.body, language);
        scored.set(Number(c.id), { favourabilityId: s.favourabilityId, classificationId: s.classificationId });
      }
      const rows = await q.unratedRowsOf(trx, clientId, [...scored.keys()]);
      const byFavourability = new Map<number, number[]>();
      const reclassified: { id: number; classificationId: number }[] = [];
      for (const r of rows) {
        const s = scored.get(Number(r.clip_id))!;
        if (r.favourability_id !== s.favourabilityId) byFavourability.set(s.favourabilityId, [...(byFavourability.get(s.favourabilityId) ?? []), Number(r.id)]);
        if (r.classification_id !== s.classificationId) reclassified.push({ id: Number(r.id), classificationId: s.classificationId });
      }
      let changed = 0;
      // The rows and the rollups move together, by exactly the difference (ledger/change-clips.ts).
      for (const [favourabilityId, ids] of [...byFavourability].sort((x, y) => x[0] - y[0])) changed += await changeBinClips(trx, ids, { favourabilityId });
      await reclassify(trx, reclassified);
      await q.advanceRescore(trx, model.id, Number(clips[clips.length - 1].id), clips.length, changed);
      return true;
    });
    if (!more) {
      finished = true;
      break;
    }
    await yieldToRequests();
  }
  const row = (await q.modelOfJob(db, model.job_key))!;
  return { modelId: model.id, postsRescored: row.posts_rescored, rowsChanged: row.rows_changed, finished };
}
