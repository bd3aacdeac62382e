// Recomputes the sentiment of stored clips after the sentiment model changed (docs/sentiment.md).
// Clips are walked in id order in batches; each batch is one transaction that rescores the clips,
// updates clip_enrichment, moves the bin_clips rows whose favourability changed through
// the ledger's changeBinClips (so bin_hourly and bin_hourly_sentiment stay exact) and advances the progress row
// of sentiment_recompute. A stopped job (killed worker, lost lease, restart) resumes after the
// last batch it committed; a batch is never applied twice. A clip a user has rated in a project
// (sentiment_labels) keeps that rating in that project's bins. The rows of a project whose client
// has its own adaptation in use get that client's verdict (the new shipped model plus the
// client's residual, as ingestion gives it: ingest/client-sentiment.ts), never the shipped one's;
// the clip's shared enrichment gets the shipped model's.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { adaptationsInUse, clientVerdicts } from '../ingest/client-sentiment.ts';
import { changeBinClips, reclassify } from '../ledger/index.ts';
import { detectLanguage } from '../nlp/language.ts';
import { modelVersion, reloadModel } from '../nlp/sentiment-model.ts';
import { scoreSentiment, type Sentiment } from '../nlp/sentiment.ts';
import { analyse } from '../nlp/text.ts';
import { enqueue } from './runner.ts';
import { yieldToRequests } from './yield.ts';

export const RECOMPUTE_QUEUE = 'sentiment-recompute';
/** Clips per transaction: small enough that a batch holds its rollup rows' locks only briefly. */
export const RECOMPUTE_BATCH = 500;
/** Clips scored between two chances for requests to run. */
const SCORE_SLICE = 100;

/**
 * Queues the recompute for the model on disk now, once per model version (the job key); a
 * version whose recompute already finished is not queued again. On a database with no clips the
 * version is recorded as finished instead: every clip stored from now on is scored by it (a first
 * start's demo corpus, written while the jobs run, is not scored twice). Returns the version.
 */
export async function queueRecompute(db: Db): Promise<{ version: string; queued: boolean }> {
  reloadModel();
  const version = modelVersion();
  const done = await db.selectFrom('sentiment_recompute').select('finished_at').where('model_version', '=', version).executeTakeFirst();
  if (done?.finished_at) return { version, queued: false };
  if (!done && !(await db.selectFrom('clips').select('id').limit(1).executeTakeFirst())) {
    await db
      .insertInto('sentiment_recompute')
      .values({ model_version: version, finished_at: new Date() })
      .onConflict((oc) => oc.column('model_version').doNothing())
      .execute();
    return { version, queued: false };
  }
  const id = await enqueue(db, RECOMPUTE_QUEUE, { version }, { key: `model:${version}` });
  return { version, queued: id !== null };
}

/** A bin_clips row no person rated in its project (sentiment_labels): one a re-score may change. */
export const notRated = sql<boolean>`not exists (select 1 from sentiment_labels l where l.clip_id = bin_clips.clip_id and l.project_id = bin_clips.project_id)`;

export interface RecomputeProgress {
  version: string;
  clipsDone: number;
  rowsChanged: number;
  finished: boolean;
}

/**
 * Runs (or resumes) the recompute for the model on disk. `maxBatches` stops early (tests; a
 * stopped job resumes on its next run); `signal` stops between batches when the lease is lost.
 */
export async function recomputeSentiment(db: Db, opts: { signal?: AbortSignal; batch?: number; maxBatches?: number } = {}): Promise<RecomputeProgress> {
  reloadModel();
  const version = modelVersion();
  const batch = opts.batch ?? RECOMPUTE_BATCH;
  await db
    .insertInto('sentiment_recompute')
    .values({ model_version: version })
    .onConflict((oc) => oc.column('model_version').doNothing())
    .execute();
  for (let n = 0; ; n++) {
    if (opts.signal?.aborted || (opts.maxBatches !== undefined && n >= opts.maxBatches)) break;
    // The clients' own models, as ingestion has them (read again when one is put in use or
    // dropped); read before the batch's transaction, which holds PGlite's only connection.
    const adaptations = await adaptationsInUse(db);
    const more = await db.transaction().execute(async (trx) => {
      // The progress row, locked: a second worker on the same version waits, then sees the new cursor.
      const progress = await trx.selectFrom('sentiment_recompute').selectAll().where('model_version', '=', version).forUpdate().executeTakeFirstOrThrow();
      if (progress.finished_at) return false;
      const clips = await trx
        .selectFrom('clips')
        .select(['id', 'body', 'language'])
        .where('id', '>', progress.last_clip_id)
        .orderBy('id')
        .limit(batch)
        .execute();
      if (clips.length === 0) {
        await trx.updateTable('sentiment_recompute').set({ finished_at: new Date() }).where('model_version', '=', version).execute();
        return false;
      }
      // Scored in slices that give way to requests: a batch is a tenth of a second of work on the request thread.
      const scored: (Sentiment & { id: number })[] = [];
      for (const [i, c] of clips.entries()) {
        if (i > 0 && i % SCORE_SLICE === 0) await yieldToRequests();
        const a = analyse(c.body);
        const s = scoreSentiment(a, c.body, c.language || detectLanguage(a.tokens, c.body));
        scored.push({ id: Number(c.id), ...s, score: Math.round(s.score * 1000) / 1000 });
      }
      await sql`
        update clip_enrichment e
           set classification_id = v.classification_id, sentiment_score = v.score
          from unnest(${scored.map((s) => s.id)}::bigint[], ${scored.map((s) => s.classificationId)}::smallint[],
                      ${scored.map((s) => s.score)}::real[]) as v(clip_id, classification_id, score)
         where e.clip_id = v.clip_id
           and (e.classification_id <> v.classification_id or e.sentiment_score <> v.score)`.execute(trx);
      const byClip = new Map(scored.map((s) => [s.id, s]));
      const clipOf = new Map(clips.map((c) => [Number(c.id), c]));
      const verdicts = new Map<number, ReturnType<typeof clientVerdicts>>();
      const verdictOf = (clipId: number, clientId: number) => {
        if (!adaptations.has(clientId)) return byClip.get(clipId)!;
        let v = verdicts.get(clipId);
        if (!v) {
          const c = clipOf.get(clipId)!;
          verdicts.set(clipId, (v = clientVerdicts(adaptations, c.body, c.language)));
        }
        return v(clientId)!;
      };
      const rows = await trx
        .selectFrom('bin_clips')
        .innerJoin('projects', 'projects.id', 'bin_clips.project_id')
        .select(['bin_clips.id', 'bin_clips.clip_id', 'bin_clips.favourability_id', 'bin_clips.classification_id', 'projects.client_id'])
        .where(
          'bin_clips.clip_id',
          'in',
          scored.map((s) => s.id),
        )
        .where(notRated)
        .orderBy('bin_clips.id')
        .execute();
      const byFavourability = new Map<number, number[]>();
      const reclassified: { id: number; classificationId: number }[] = [];
      for (const r of rows) {
        const s = verdictOf(Number(r.clip_id), r.client_id);
        if (r.favourability_id !== s.favourabilityId) {
          const ids = byFavourability.get(s.favourabilityId) ?? [];
          ids.push(Number(r.id));
          byFavourability.set(s.favourabilityId, ids);
        }
        if (r.classification_id !== s.classificationId) reclassified.push({ id: Number(r.id), classificationId: s.classificationId });
      }
      let changed = 0;
      // The rows and both rollups move together, by exactly the difference (ledger/change-clips.ts).
      for (const [favourabilityId, ids] of [...byFavourability].sort((x, y) => x[0] - y[0])) changed += await changeBinClips(trx, ids, { favourabilityId });
      await reclassify(trx, reclassified);
      await trx
        .updateTable('sentiment_recompute')
        .set({
          last_clip_id: scored[scored.length - 1].id,
          clips_done: sql`clips_done + ${scored.length}`,
          rows_changed: sql`rows_changed + ${changed}`,
        })
        .where('model_version', '=', version)
        .execute();
      return true;
    });
    if (!more) break;
    await yieldToRequests();
  }
  const row = await db.selectFrom('sentiment_recompute').selectAll().where('model_version', '=', version).executeTakeFirstOrThrow();
  return { version, clipsDone: Number(row.clips_done), rowsChanged: Number(row.rows_changed), finished: row.finished_at !== null };
}
