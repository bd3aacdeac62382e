// The clients' own sentiment models as ingestion scores with them (docs/sentiment.md, "What scores
// a post"): a post filed under a project whose client has an adaptation in use (its latest one
// used: never one rejected for doing worse than the shipped model) gets that client's verdict on
// the project's bin rows; every other client's rows, and the post's own enrichment, keep the
// shipped model's. The adaptations in use are loaded once per process and kept until one is put in
// use or dropped, which clientModelsChanged() tells every process through the event bus
// (events/bus.ts; a bus that listens again after a lost connection drops them too). No timer: a
// post filed by a process that had not heard yet is put right by the client's re-score, which
// goes on with the posts filed since (modules/sentiment/jobs.ts).
import type { Db } from '../db/connection.ts';
import { onEvent, publish } from '../events/bus.ts';
import { detectLanguage } from '../nlp/language.ts';
import { scoreAdapted, unpackAdaptation, type Adaptation } from '../nlp/sentiment-adapt.ts';
import { analyse, type Analysed } from '../nlp/text.ts';

export interface ClientAdaptation {
  /** client_sentiment_models.id */
  modelId: number;
  adaptation: Adaptation;
}

/** What a client's model says of a post, as its bin rows carry it. */
export interface ClientVerdict {
  classificationId: number;
  favourabilityId: number;
}

const cache = new WeakMap<Db, Promise<Map<number, ClientAdaptation>>>();
const listening = new WeakSet<Db>();

/** The adaptation in use of each client that has one, by client id (cached; see the head of the file). */
export function adaptationsInUse(db: Db): Promise<Map<number, ClientAdaptation>> {
  if (!listening.has(db)) {
    listening.add(db);
    onEvent(db, 'sentiment-models', () => cache.delete(db));
  }
  let hit = cache.get(db);
  if (!hit) {
    const next = loadAdaptations(db);
    cache.set(db, (hit = next));
    // A failed load is not kept: the next batch asks again.
    next.catch(() => cache.get(db) === next && cache.delete(db));
  }
  return hit;
}

async function loadAdaptations(db: Db): Promise<Map<number, ClientAdaptation>> {
  const rows = await db
    .selectFrom('client_sentiment_models')
    .select(['id', 'client_id', 'weights', 'l2', 'epochs'])
    .distinctOn('client_id')
    .where('used', '=', true)
    .orderBy('client_id')
    .orderBy('id', 'desc')
    .execute();
  const out = new Map<number, ClientAdaptation>();
  for (const r of rows)
    if (r.weights) out.set(r.client_id, { modelId: r.id, adaptation: unpackAdaptation(r.weights, { l2: r.l2 ?? 0, epochs: r.epochs ?? 0 }) });
  return out;
}

/**
 * Says that a client's adaptation in use changed (one put in use, or one dropped): this process
 * drops its cache at once, every other one when the event reaches it. Pass the transaction that
 * wrote the change, if any: the event then leaves at its commit.
 */
export async function clientModelsChanged(db: Db): Promise<void> {
  cache.delete(db);
  await publish(db, { kind: 'sentiment-models' });
}

/**
 * The verdict of each client's model on one post, asked per client as its bin rows are made:
 * null for a client with no adaptation in use (the shipped verdict stays). The post is analysed
 * once, at the first client that has one, and each client's verdict is worked out once.
 */
export function clientVerdicts(adaptations: Map<number, ClientAdaptation>, body: string, language: string | null): (clientId: number) => ClientVerdict | null {
  let analysed: Analysed | undefined;
  const memo = new Map<number, ClientVerdict | null>();
  return (clientId) => {
    let v = memo.get(clientId);
    if (v !== undefined) return v;
    const m = adaptations.get(clientId);
    v = null;
    if (m) {
      analysed ??= analyse(body);
      // The language as the clip stores it (the enrichment's), as the client's re-score reads it.
      const s = scoreAdapted(analysed, body, language || detectLanguage(analysed.tokens, body), m.adaptation);
      v = { classificationId: s.classificationId, favourabilityId: s.favourabilityId };
    }
    memo.set(clientId, v);
    return v;
  };
}
