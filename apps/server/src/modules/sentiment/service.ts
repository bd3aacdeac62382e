// What the tray and the admin see of a client's own model (docs/sentiment.md, "A client's own
// model"): the posts whose rating would help most, the ratings so far and what the last
// adaptation changed; for the admin, each client's figures and "Adapt now".
import { TEACH_POSTS, type AdaptationSummary, type OperationResult, type ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import { resolveScope } from '../../analytics/scope.ts';
import { trayFilters } from '../../analytics/tray-filter.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import { detectLanguage } from '../../nlp/language.ts';
import { adaptedProbabilities, noAdaptation } from '../../nlp/sentiment-adapt.ts';
import { analyse } from '../../nlp/text.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ADAPT_NEW_RATINGS, adaptationOf, type Shares } from './adapt.ts';
import { queueAdaptation, queueRescoreAfterStop } from './jobs.ts';
import { clientModelsChanged } from '../../ingest/client-sentiment.ts';
import * as q from './queries.ts';

/** Unrated posts of the tray's filter (newest first) the teaching posts are chosen among. */
export const TEACH_CANDIDATES = 400;
/** Two posts sharing more than this share of their words are too alike to ask about both. */
const ALIKE = 0.5;

export function summary(row: q.ModelRow | undefined): AdaptationSummary | null {
  if (!row) return null;
  return {
    DateCreated: new Date(row.created_at).toISOString(),
    Ratings: row.ratings,
    HeldBack: row.held_back,
    BaseAccuracy: row.base_accuracy,
    AdaptedAccuracy: row.adapted_accuracy,
    Used: row.used,
    Reason: row.reason,
    PostsRescored: row.posts_rescored,
    RowsChanged: row.rows_changed,
    Rescored: row.rescored_at !== null,
    UnratedShares: sharesOf(row.unrated_shares),
    DateStopped: row.stopped_at ? new Date(row.stopped_at).toISOString() : null,
  };
}

function sharesOf(stored: unknown): AdaptationSummary['UnratedShares'] {
  if (!stored) return null;
  const s = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Shares;
  return { Posts: s.posts, Base: s.base, Adapted: s.adapted };
}

const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
};

/**
 * The posts whose rating would help the client's model most: of the newest unrated posts of the
 * tray's whole filter (read as the listing reads it, analytics/tray-filter.ts), the ones its model
 * (the shipped one until an adaptation is used) is least sure of, each unlike those chosen before
 * it (uncertainty sampling with a diversity rule), least sure first.
 */
export async function teachPosts(
  db: Db,
  user: AuthUser,
  query: ParsedInput<typeof C.getTeachPosts>['query'],
): Promise<OperationResult<typeof C.getTeachPosts>> {
  const s = await resolveScope(db, user, query);
  const filters = await trayFilters(db, s, query);
  const clientId = s.project.client_id;
  const [latest, inUse] = [await q.latestModel(db, clientId), await q.modelInUse(db, clientId)];
  const adaptation = adaptationOf(inUse) ?? noAdaptation();
  const candidates = [];
  for (const c of await q.teachCandidates(db, s, filters, TEACH_CANDIDATES)) {
    const a = analyse(c.body);
    const p = adaptedProbabilities(a, c.body, c.language || detectLanguage(a.tokens, c.body), adaptation);
    if (p) candidates.push({ row: c, certainty: Math.max(p[0], p[1], p[2]), words: new Set(a.tokens.map((t) => t.toLowerCase())) });
  }
  candidates.sort((x, y) => x.certainty - y.certainty || Number(y.row.id) - Number(x.row.id));
  const chosen: typeof candidates = [];
  for (const c of candidates) {
    if (chosen.length >= TEACH_POSTS) break;
    if (chosen.every((o) => jaccard(o.words, c.words) <= ALIKE)) chosen.push(c);
  }
  const counts = await q.ratingCounts(db, clientId, latest ? new Date(latest.ratings_until) : null);
  return {
    Posts: chosen.map(({ row, certainty }) => ({
      BinClipId: Number(row.id),
      ClipId: Number(row.clip_id),
      Body: row.body,
      AuthorName: row.author_name,
      StreamId: row.stream_id,
      PostedAt: new Date(row.posted_at).toISOString(),
      FavourabilityId: row.favourability_id,
      Certainty: Math.round(certainty * 1000) / 1000,
    })),
    Ratings: counts.total,
    NewRatings: counts.newer,
    RatingsPerAdaptation: ADAPT_NEW_RATINGS,
    LastAdaptation: summary(latest),
  };
}

/** Each client's ratings and model, for the admin. */
export async function clientModels(db: Db): Promise<OperationResult<typeof C.getClientSentimentModels>> {
  const out = [];
  for (const c of await q.clientNames(db)) {
    const [latest, inUse] = [await q.latestModel(db, c.id), await q.modelInUse(db, c.id)];
    const counts = await q.ratingCounts(db, c.id, latest ? new Date(latest.ratings_until) : null);
    out.push({ ClientId: c.id, ClientName: c.name, Ratings: counts.total, NewRatings: counts.newer, Latest: summary(latest), InUse: summary(inUse) });
  }
  return out;
}

/** The admin's "Adapt now": the scheduled job's own code, queued for this client at once. */
export async function adaptNow(db: Db, clientId: number): Promise<OperationResult<typeof C.adaptClientSentiment>> {
  if (!(await q.clientNames(db)).some((c) => c.id === clientId)) throw notFound(`Client ${clientId} not found`);
  return { Queued: await queueAdaptation(db, clientId) };
}

/**
 * The admin's "Stop using": the client's adaptation in use is no longer used, with who stopped it
 * as the reason; every process's ingestion hears of it, and the client's re-score gives its unrated
 * posts the shipped model's verdict back. A later adaptation from new ratings may be used again.
 */
export async function stopModel(db: Db, user: AuthUser, clientId: number): Promise<OperationResult<typeof C.stopClientSentimentModel>> {
  if (!(await q.clientNames(db)).some((c) => c.id === clientId)) throw notFound(`Client ${clientId} not found`);
  const admin = await q.userName(db, user.id);
  const stopped = await db.transaction().execute((trx) => q.stopModelInUse(trx, clientId, `Stopped by ${admin ?? 'an admin'}`));
  if (stopped === null) return { Stopped: false };
  await clientModelsChanged(db);
  await queueRescoreAfterStop(db, clientId, stopped);
  return { Stopped: true };
}
