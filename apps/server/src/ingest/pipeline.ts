// The ingestion pipeline: normalise → validate → enrich → match → file, in batches (a call's
// posts once each, in time order). A batch's posts are filed by one statement of the ledger: if it
// fails none of them is stored and everything stored before stays (ledger/file-posts.ts).
// Connectors and the simulator hand posts to createPipeline(db).sink; modules call ingestPosts
// (index.ts, the one door).
import type { Db } from '../db/connection.ts';
import { enrich, type Enrichment } from '../nlp/enrich.ts';
import { computeAve, cpmFor, estimateImpressions, impactScore } from './ave.ts';
import { brandAssociation } from './brand.ts';
import { adaptationsInUse, clientVerdicts, type ClientVerdict } from './client-sentiment.ts';
import type { IngestScope, Post } from './post.ts';
import { getRuleSet, inputBinRuleSet, type RuleSet } from './rules.ts';
import { filePosts, withStoredCounts, type BinClipRow, type PreparedPost } from '../ledger/index.ts';
import { countRejections } from './rejections.ts';
import { normalise, postedAtOf, type RejectReason } from './validate.ts';
import { isWordBinSpec, matchedWordBins } from './word-bins.ts';

export type Enricher = (posts: Post[]) => Enrichment[] | Promise<Enrichment[]>;

export interface PipelineOptions {
  /** Posts per transaction (default 2000). */
  batchSize?: number;
  /** Enrichment, inline by default; a worker pool (enrich-pool.ts) spreads it over cores. */
  enricher?: Enricher;
  /** Batches stored at once (default 1); 2 or more pays off on PostgreSQL, not on PGlite. */
  concurrency?: number;
  /** Rule set source; by default the cached one loaded from the database. */
  ruleSet?: () => Promise<RuleSet>;
}

export interface IngestResult {
  received: number;
  rejected: number;
  clipsInserted: number;
  clipsUpdated: number;
  binClipsInserted: number;
}

interface Prepared {
  prepared: PreparedPost[];
  rejections: Map<RejectReason, number>;
}

export const inlineEnricher: Enricher = (posts) => posts.map((p) => enrich(p.body, p.language));

/**
 * The sink connectors call: resolves once every batch is stored; rejects when one failed. A
 * connector reading with a project's own token passes its scope (see IngestScope).
 */
export type PostSink = (posts: Post[], scope?: IngestScope) => Promise<void>;

export function createPipeline(db: Db, opts: PipelineOptions = {}) {
  const batchSize = opts.batchSize ?? 2000;
  const lanes = Math.max(1, opts.concurrency ?? 1);
  const enricher = opts.enricher ?? inlineEnricher;
  const rules = opts.ruleSet ?? (() => getRuleSet(db));
  const totals: IngestResult = { received: 0, rejected: 0, clipsInserted: 0, clipsUpdated: 0, binClipsInserted: 0 };

  /** `scope`: posts read with a project's own token are filed only under that project. */
  async function ingest(posts: Post[], scope?: IngestScope): Promise<IngestResult> {
    const result: IngestResult = { received: posts.length, rejected: 0, clipsInserted: 0, clipsUpdated: 0, binClipsInserted: 0 };
    // A post sent again within the call (a network repeating it with new engagement) is stored
    // once, as its last copy: storing the earlier copy too would change nothing the later one does
    // not, and two copies in batches stored at once would make the second batch wait on the first's
    // uncommitted row (concurrent lanes then run one after the other).
    const last = new Map<string, number>();
    posts.forEach((p, i) => last.set(`${p.streamId}\u0000${p.externalId}`, i));
    const unique = last.size === posts.length ? posts : posts.filter((p, i) => last.get(`${p.streamId}\u0000${p.externalId}`) === i);
    // In time order (a stable sort; posts without a usable date first, for validation to reject):
    // a batch then covers a stretch of hours of its own, so it moves fewer rollup rows (the posts
    // of an hour share them), and batches stored at once rarely move the same rollup row, which
    // would make one wait for the other's commit. Storage order changes nothing else.
    const time = (p: Post) => {
      const t = postedAtOf(p).getTime();
      return Number.isNaN(t) ? -Infinity : t;
    };
    const ordered = unique.map((p) => ({ p, t: time(p) })).sort((a, b) => a.t - b.t);
    const batches: Post[][] = [];
    for (let i = 0; i < ordered.length; i += batchSize) batches.push(ordered.slice(i, i + batchSize).map((o) => o.p));
    // Batch i + lanes is enriched and matched while batch i is stored: with worker threads and
    // PostgreSQL in its own process, preparing and storing overlap.
    const prepared: Promise<Prepared>[] = [];
    const prep = (i: number) => {
      if (!prepared[i]) {
        prepared[i] = prepareBatch(batches[i], scope);
        prepared[i].catch(() => undefined); // awaited below; never an unhandled rejection
      }
      return prepared[i];
    };
    let next = 0;
    let failed = false;
    const lane = async () => {
      for (let i = next++; i < batches.length && !failed; i = next++) {
        const ready = await prep(i);
        if (i + lanes < batches.length) void prep(i + lanes);
        try {
          const r = await storeWithRetry(ready);
          result.rejected += r.rejected;
          result.clipsInserted += r.clipsInserted;
          result.clipsUpdated += r.clipsUpdated;
          result.binClipsInserted += r.binClipsInserted;
        } catch (err) {
          failed = true; // later batches are not started; stored ones stay stored
          throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, batches.length) }, lane));
    for (const k of Object.keys(totals) as (keyof IngestResult)[]) totals[k] += result[k];
    return result;
  }

  /** Concurrent batches may deadlock on shared author or rollup rows; PostgreSQL aborts one, which is retried. */
  async function storeWithRetry(ready: Prepared) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await storePrepared(ready);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }

  async function prepareBatch(posts: Post[], scope: IngestScope | undefined) {
    const rejections = new Map<RejectReason, number>();
    // Later copies of a post in a batch win: they carry the newest engagement.
    const valid = new Map<string, Post>();
    for (const p of posts) {
      const n = normalise(p);
      if (typeof n === 'string') rejections.set(n, (rejections.get(n) ?? 0) + 1);
      else valid.set(`${n.streamId}\u0000${n.externalId}`, n);
    }
    // A count the connector does not know is the stored clip's (ledger/file-posts.ts), for AVE and impact too.
    const list = await withStoredCounts(db, [...valid.values()]);
    // Posts added by hand to an input bin: the project's rules, read fresh, and that bin (rules.ts).
    const ruleSet$ = scope && 'inputBinId' in scope && scope.inputBinId !== undefined ? inputBinRuleSet(db, scope.ownerProjectId, scope.inputBinId) : rules();
    // The clients' own models (client-sentiment.ts): a client with one in use gets its verdict on its rows.
    const [enrichments, ruleSet, adaptations] = await Promise.all([list.length ? enricher(list) : [], ruleSet$, adaptationsInUse(db)]);
    const prepared = list.map((p, i) =>
      prepare(p, enrichments[i], ruleSet, scope, adaptations.size ? clientVerdicts(adaptations, p.body, enrichments[i].language) : undefined),
    );
    return { prepared, rejections };
  }

  async function storePrepared({ prepared, rejections }: Prepared) {
    let rejected = 0;
    for (const n of rejections.values()) rejected += n;
    // One statement per batch (ledger/file-posts.ts): atomic on its own, so no BEGIN/COMMIT round
    // trips. The rejections are counted once the batch is stored: a batch retried counts them once.
    const stored = await filePosts(db, prepared);
    await countRejections(db, rejections);
    return { rejected, ...stored };
  }

  const sink: PostSink = async (posts, scope) => {
    await ingest(posts, scope);
  };

  return { ingest, sink, totals };
}

/**
 * The one door for modules, scripts and tests: validates, enriches, matches and files `posts` (for
 * `scope`'s projects only, when given), counting what it rejects. With `batchSize` at least the
 * posts' number, one statement files them all or none.
 */
export function ingestPosts(db: Db, posts: Post[], opts?: PipelineOptions & { scope?: IngestScope }): Promise<IngestResult> {
  return createPipeline(db, opts).ingest(posts, opts?.scope);
}

const inScope = (scope: IngestScope, projectId: number) =>
  'ownerProjectId' in scope ? scope.ownerProjectId === projectId : scope.projectIds.includes(projectId);

/**
 * Matching and the figures each bin_clips row carries: brand association, AVE, impact, and the
 * sentiment: the shipped model's (the enrichment's), or `verdictOf` the project's client where its
 * own model has a verdict. With a scope, only its projects' rules count: another tenant's rule
 * never sees the post.
 */
export function prepare(post: Post, e: Enrichment, rs: RuleSet, scope?: IngestScope, verdictOf?: (clientId: number) => ClientVerdict | null): PreparedPost {
  const engagement = {
    streamId: post.streamId,
    followers: post.author.followers ?? 0,
    likes: post.likes ?? 0,
    comments: post.comments ?? 0,
    shares: post.shares ?? 0,
    views: post.views ?? 0,
    impressions: post.impressions,
  };
  const impressions = estimateImpressions(engagement);
  const impact = impactScore(impressions, engagement);
  const ruleIds = rs.matcher.match({
    tokens: e.tokens,
    streamId: post.streamId,
    urls: post.link ? [...e.urls, post.link] : e.urls,
    authorExternalId: post.author.externalId,
    authorHandle: post.author.handle,
    replyToHandle: post.inReplyToHandle,
  });
  const bins: BinClipRow[] = [];
  const seen = new Set<number>();
  const perProject = new Map<number, Omit<BinClipRow, 'binId'>>();
  const add = (binId: number, projectId: number) => {
    if (seen.has(binId)) return;
    seen.add(binId);
    let row = perProject.get(projectId);
    if (!row) {
      const p = rs.projects.get(projectId)!;
      const verdict = verdictOf?.(p.clientId) ?? e;
      row = {
        projectId,
        classificationId: verdict.classificationId,
        favourabilityId: verdict.favourabilityId,
        brandAssociationId: brandAssociation(p.owned, {
          streamId: post.streamId,
          authorExternalId: post.author.externalId,
          authorHandle: post.author.handle,
          inReplyToHandle: post.inReplyToHandle,
          handles: e.handles,
        }),
        ave: computeAve(impressions, cpmFor(post.streamId, p.cpm)),
        impactScore: impact,
      };
      perProject.set(projectId, row);
    }
    bins.push({ binId, ...row });
  };
  let wordBinSpecs: number[] | undefined;
  for (const id of ruleIds) {
    if (isWordBinSpec(id)) {
      (wordBinSpecs ??= []).push(id);
      continue;
    }
    const t = rs.targets.get(id)!;
    if (scope && !inScope(scope, t.projectId)) continue;
    const p = rs.projects.get(t.projectId);
    // A project listens only to its own streams.
    if (!p || !p.streamIds.has(post.streamId)) continue;
    add(t.binId, t.projectId);
    // A clip in a sort or input bin is also a clip of the project.
    add(p.rootBinId, t.projectId);
  }
  // A word bin's keywords count only for a post of its own project (one the rules filed above),
  // and its sentiment is the one the post has in that project.
  const wordBins: number[] = [];
  if (wordBinSpecs) {
    const byFavourability = new Map<number, Set<number>>();
    for (const [projectId, row] of perProject) {
      const ids = byFavourability.get(row.favourabilityId) ?? new Set<number>();
      byFavourability.set(row.favourabilityId, ids.add(projectId));
    }
    const now = Date.now();
    for (const [favourabilityId, projectIds] of byFavourability)
      wordBins.push(...matchedWordBins(wordBinSpecs, rs.wordBins, { projectIds, favourabilityId, language: e.language, now }));
  }
  return { post, enrichment: e, impressions, reach: impressions, bins, wordBins };
}
