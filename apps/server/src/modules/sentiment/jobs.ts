// The client-model module's background work (docs/sentiment.md, "A client's own model"): every
// few minutes the schedule looks at each client with ratings and queues its job when an adaptation
// is due, or when posts filed since its adaptation in use wait to be re-scored. A client's job
// adapts (when asked to) and then re-scores, resumably: a killed worker's job is taken over by the
// next and goes on after the last committed batch.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { enqueue } from '../../jobs/runner.ts';
import type { Db } from '../../db/connection.ts';
import { modelVersion } from '../../nlp/sentiment-model.ts';
import { adaptationDue, adaptClient } from './adapt.ts';
import * as q from './queries.ts';
import { rescoreClient } from './rescore.ts';

export const ADAPT_CHECK_QUEUE = 'sentiment-adapt-check';
export const ADAPT_QUEUE = 'sentiment-adapt';
/** How often the schedule looks for clients whose adaptation is due. */
export const ADAPT_CHECK_EVERY_MS = 5 * 60_000;

export interface ClientJob {
  clientId: number;
  /** Adapt first (else only re-score with the adaptation in use). */
  adapt: boolean;
}

/** Queues the client's adaptation now, whatever its new ratings (the admin's "Adapt now"); false if one is queued already. */
export async function queueAdaptation(db: Db, clientId: number, key = `adapt:${clientId}:now:${Date.now()}`): Promise<boolean> {
  return (await enqueue(db, ADAPT_QUEUE, { clientId, adapt: true } satisfies ClientJob, { key })) !== null;
}

/** Queues the re-score of the client's posts with the shipped model after an admin stopped its adaptation (model `modelId`). */
export async function queueRescoreAfterStop(db: Db, clientId: number, modelId: number): Promise<boolean> {
  return (await enqueue(db, ADAPT_QUEUE, { clientId, adapt: false } satisfies ClientJob, { key: `rescore:${clientId}:${modelId}:stopped` })) !== null;
}

/** The schedule's look: a job for each client whose adaptation is due or whose newer posts wait to be re-scored. */
export async function checkClients(db: Db, now = new Date()): Promise<{ adapt: number[]; rescore: number[] }> {
  const out = { adapt: [] as number[], rescore: [] as number[] };
  for (const clientId of await q.clientsWithRatings(db)) {
    const due = await adaptationDue(db, clientId, now);
    if (due.due) {
      // One job per state of the ratings and shipped model: a second look before it ran adds nothing.
      if (await queueAdaptation(db, clientId, `adapt:${clientId}:${due.latestRatingAt?.getTime() ?? 0}:${modelVersion()}`)) out.adapt.push(clientId);
      continue;
    }
    const inUse = await q.modelToRescore(db, clientId);
    if (inUse && (!inUse.rescored_at || (await q.hasClipsAfter(db, clientId, Number(inUse.last_clip_id))))) {
      // A stopped model's walk back to the shipped model passes the cursors its own walk passed.
      const key = `rescore:${clientId}:${inUse.id}:${inUse.stopped_at ? 'shipped:' : ''}${inUse.last_clip_id}`;
      if ((await enqueue(db, ADAPT_QUEUE, { clientId, adapt: false } satisfies ClientJob, { key })) !== null) out.rescore.push(clientId);
    }
  }
  return out;
}

/** A client's job: adapt (once per job, even when run again after a kill), then re-score. */
export async function runClientJob(db: Db, job: ClientJob, key: string, signal?: AbortSignal) {
  const model = job.adapt ? await adaptClient(db, job.clientId, key) : null;
  // SENTIMENT_RESCORE_BATCH: clips per transaction, smaller to watch a re-score part way (the kill test).
  const batch = Number(process.env.SENTIMENT_RESCORE_BATCH) || undefined;
  const rescore = await rescoreClient(db, job.clientId, { signal, batch });
  return { model, rescore };
}

export const sentimentJobs: ModuleJobs = {
  schedules: [{ name: 'sentiment-adapt-check', queue: ADAPT_CHECK_QUEUE, everyMs: ADAPT_CHECK_EVERY_MS }],
  queues: (ctx) => ({
    [ADAPT_CHECK_QUEUE]: {
      leaseMs: 120_000,
      handler: async () => {
        const r = await checkClients(ctx.db);
        if (r.adapt.length || r.rescore.length)
          ctx.log?.info(`sentiment: adapting clients ${r.adapt.join(',') || '-'}, re-scoring clients ${r.rescore.join(',') || '-'}`);
      },
    },
    [ADAPT_QUEUE]: {
      leaseMs: 120_000,
      handler: async (job) => {
        const { model, rescore } = await runClientJob(ctx.db, job.payload as ClientJob, job.key ?? `adapt:${job.id}`, job.signal);
        const c = (job.payload as ClientJob).clientId;
        if (model) ctx.log?.info(`sentiment: client ${c} adapted from ${model.ratings} ratings, ${model.used ? 'used' : `not used: ${model.reason}`}`);
        ctx.log?.info(
          `sentiment: client ${c} ${rescore.postsRescored} posts re-scored, ${rescore.rowsChanged} rows changed${rescore.finished ? '' : ' (stopped)'}`,
        );
      },
    },
  }),
};
