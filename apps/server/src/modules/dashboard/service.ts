// The dashboard's rules: which figures, in which buckets, with empty buckets filled (the shared
// filler of analytics/buckets.ts), gated by the same product rule as the side menu: the sort-bin
// tree by Sort Bins, and every figure that counts posts by rating by Sentiment, as the Sentiment
// screen is (docs/dashboard.md, "Product gating"). Figures come from the runner (analytics/query.ts);
// the bins of the sort-bin tree from queries.ts; nothing here is SQL.
import {
  ALL_STREAMS,
  BIN_TYPE,
  BRAND_ASSOCIATION,
  FAVOURABILITY,
  FAVOURABILITY_LOOKUP,
  SENTIMENT_CARD_COLORS,
  TOP_AUTHORS_ALL_MAX,
  TOP_AUTHORS_DEFAULT,
  type AnalyticQuery,
  type Bucket,
  type SortBinNode,
} from '@listening/contract';
import type { z } from 'zod';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { assertScreen } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { bucketCoverage, byBucket, fillBuckets } from '../../analytics/buckets.ts';
import * as figures from '../../analytics/query.ts';
import { assertUnlocked, heatmapBucketOf, insightsBucketOf, isUnlocked, resolveScope, toWall, type Scope } from '../../analytics/scope.ts';
import { clipCountsByBin, firstDataWall } from '../../analytics/rollup-queries.ts';
import { rankTopAuthors } from '../../analytics/top-authors.ts';
import { rankTopPosts, toRankedPost } from '../../analytics/top-posts.ts';
import * as q from './queries.ts';

type Out<T extends z.ZodType> = z.infer<T>;
const num = (v: unknown) => Number(v ?? 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

export async function mentions(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.MentionSummaryList>> {
  const s = await resolveScope(db, user, query);
  const rows = await figures.byStream(db, s, ['clips', 'ave']);
  const out = s.streams.map((id) => ({ StreamId: id, Count: num(rows.get(id)?.clips), AVE: round2(num(rows.get(id)?.ave)) }));
  out.push({ StreamId: ALL_STREAMS, Count: out.reduce((a, r) => a + r.Count, 0), AVE: round2(out.reduce((a, r) => a + r.AVE, 0)) });
  return out;
}

/** A blue scale from pale (few) to deep (the busiest cell); grey for none. */
export function heatColor(count: number, max: number): string {
  if (count <= 0 || max <= 0) return '#f1f3f5';
  const t = Math.sqrt(count / max);
  const mix = (a: number, b: number) =>
    Math.round(a + (b - a) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(0xd0, 0x18)}${mix(0xeb, 0x64)}${mix(0xff, 0xab)}`;
}

/** The favourability colour that dominates a cell (ties go to neutral); grey for none. */
function sentimentColor(pos: number, neu: number, neg: number): string {
  if (pos + neu + neg === 0) return '#f1f3f5';
  const id = pos > neg && pos > neu ? FAVOURABILITY.Positive : neg > pos && neg > neu ? FAVOURABILITY.Negative : FAVOURABILITY.Neutral;
  return FAVOURABILITY_LOOKUP.find((f) => f.Id === id)!.Color;
}

/** Now on the client's wall clock: the bucket holding it is partial (analytics/buckets.ts bucketCoverage), as one before the project's first data. */
const nowWall = (s: Scope) => toWall(new Date(), s.timeZone);

interface Grid {
  bucket: Bucket;
  partial: Out<typeof C.PartialRow>[];
  cells: { Date: string; DatePosted: string; Hour: number; Count: number; Positive: number; Neutral: number; Negative: number }[];
}

/** Every row of the range times 24 hours, zero where nothing was posted. */
async function heatmapGrid(db: Db, s: Scope): Promise<Grid> {
  const bucket = heatmapBucketOf(s);
  const [cellRows, dataStart] = await Promise.all([figures.byBucketHour(db, s, bucket, ['clips', 'positive', 'neutral', 'negative']), firstDataWall(db, s)]);
  const rows = byBucket(cellRows, (r) => r.day);
  const cells: Grid['cells'] = [];
  const partial: Grid['partial'] = [];
  const now = nowWall(s);
  for (const { start: day, row } of fillBuckets(s, bucket, rows, [])) {
    const coverage = bucketCoverage(s, bucket, day, now, dataStart);
    if (coverage) partial.push({ Date: day, ...coverage });
    for (let h = 0; h < 24; h++) {
      const r = row.find((c) => c.hour === h)?.figures;
      cells.push({
        Date: day,
        DatePosted: `${day}T${String(h).padStart(2, '0')}:00:00`,
        Hour: h,
        Count: num(r?.clips),
        Positive: num(r?.positive),
        Neutral: num(r?.neutral),
        Negative: num(r?.negative),
      });
    }
  }
  return { bucket, cells, partial };
}

export async function heatmap(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.Heatmap>> {
  const { bucket, cells, partial } = await heatmapGrid(db, await resolveScope(db, user, query));
  const max = Math.max(0, ...cells.map((c) => c.Count));
  return {
    Bucket: bucket,
    Data: cells.map(({ Date, DatePosted, Hour, Count }) => ({ Date, DatePosted, Hour, Count, Color: heatColor(Count, max) })),
    Partial: partial,
  };
}

export async function sentimentHeatmap(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.SentimentHeatmap>> {
  const s = await resolveScope(db, user, query);
  await assertUnlocked(db, s.project, 'Sentiment');
  const { bucket, cells, partial } = await heatmapGrid(db, s);
  return { Bucket: bucket, Data: cells.map((c) => ({ ...c, Color: sentimentColor(c.Positive, c.Neutral, c.Negative) })), Partial: partial };
}

/** Mentions per bucket; the split by rating only for a client owning Sentiment (null otherwise). */
export async function dailyInsights(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.DailyInsights>> {
  const s = await resolveScope(db, user, query);
  const rated = await isUnlocked(db, s.project, 'Sentiment');
  const bucket = insightsBucketOf(s);
  const points = await figures.series(db, s, bucket, ['clips', 'ave', 'positive', 'neutral', 'negative']);
  return {
    Bucket: bucket,
    Data: points.map(({ start, figures: r, partial }) => ({
      Date: start,
      Count: r.clips,
      AVE: round2(r.ave),
      Positive: rated ? r.positive : null,
      Neutral: rated ? r.neutral : null,
      Negative: rated ? r.negative : null,
      Partial: partial,
    })),
  };
}

/**
 * The marker an open dashboard polls: the scope's totals from the hourly rollups, which every new
 * post, rating, rejection and restore moves (one small aggregate, the cost of the mentions card).
 * The ratings are in it only for a client owning Sentiment: the marker is readable, and without
 * the product a rating moves no figure the dashboard shows.
 */
export async function changeMarker(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.ChangeMarker>> {
  const s = await resolveScope(db, user, query);
  const [t, rated] = await Promise.all([figures.total(db, s, ['clips', 'positive', 'neutral', 'negative', 'ave']), isUnlocked(db, s.project, 'Sentiment')]);
  const now = Date.now();
  const ratings = rated ? [num(t.positive), num(t.neutral), num(t.negative)] : [];
  return {
    Marker: [num(t.clips), ...ratings, round2(num(t.ave))].join(':'),
    Live: s.from.getTime() <= now && now < s.to.getTime(),
  };
}

export async function favourability(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.FavourabilityList>> {
  const s = await resolveScope(db, user, query);
  await assertUnlocked(db, s.project, 'Sentiment');
  const t = await figures.total(db, s, ['positive', 'neutral', 'negative']);
  const counts: Record<number, number> = {
    [FAVOURABILITY.Positive]: num(t.positive),
    [FAVOURABILITY.Neutral]: num(t.neutral),
    [FAVOURABILITY.Negative]: num(t.negative),
  };
  return FAVOURABILITY_LOOKUP.map((f) => ({ Id: f.Id, Description: f.Description, Color: f.Color, Count: counts[f.Id] }));
}

export async function sentimentSummary(db: Db, user: AuthUser, query: AnalyticQuery): Promise<Out<typeof C.SentimentSummary>> {
  const s = await resolveScope(db, user, query);
  await assertUnlocked(db, s.project, 'Sentiment');
  const rows = await figures.byAssociation(db, s, ['positive', 'neutral', 'negative', 'ave']);
  const card = (Name: 'Owned' | 'Earned' | 'Chatter', id: number) => {
    const r = rows.get(id);
    const [Positive, Neutral, Negative] = [num(r?.positive), num(r?.neutral), num(r?.negative)];
    return {
      Name,
      BrandAssociationId: id,
      Color: SENTIMENT_CARD_COLORS[Name],
      Positive,
      Neutral,
      Negative,
      Total: Positive + Neutral + Negative,
      AVE: round2(num(r?.ave)),
    };
  };
  const cards: Out<typeof C.SentimentSummary> = [
    card('Owned', BRAND_ASSOCIATION.Owned),
    card('Earned', BRAND_ASSOCIATION.Earned),
    card('Chatter', BRAND_ASSOCIATION.Chatter),
  ];
  const sum = (k: 'Positive' | 'Neutral' | 'Negative' | 'Total' | 'AVE') => cards.reduce((a, c) => a + c[k], 0);
  cards.push({
    Name: 'All',
    BrandAssociationId: 0,
    Color: SENTIMENT_CARD_COLORS.All,
    Positive: sum('Positive'),
    Neutral: sum('Neutral'),
    Negative: sum('Negative'),
    Total: sum('Total'),
    AVE: round2(sum('AVE')),
  });
  return cards;
}

/** The scope's top posts by the one ranking the reports use too (analytics/top-posts.ts). */
export async function topPosts(db: Db, user: AuthUser, query: AnalyticQuery & { limit: number; maxPerAuthor: number }): Promise<Out<typeof C.TopPostList>> {
  const s = await resolveScope(db, user, query);
  return (await rankTopPosts(db, s, { limit: query.limit, perAuthor: query.maxPerAuthor })).map(toRankedPost);
}

type TopAuthor = Out<typeof C.TopAuthor>;

/**
 * Top authors: project types 1, 5, 6, 7; ten people, or all (up to TOP_AUTHORS_ALL_MAX) with
 * showAll, by the ranking the reports use too (analytics/top-authors.ts).
 */
export async function topAuthors(db: Db, user: AuthUser, query: AnalyticQuery & { showAll: boolean }): Promise<Out<typeof C.TopAuthorList>> {
  const s = await resolveScope(db, user, query);
  assertScreen(s.project, 'top-authors-panel');
  const people = await rankTopAuthors(db, s, query.showAll ? TOP_AUTHORS_ALL_MAX : TOP_AUTHORS_DEFAULT);
  return people.map((p): TopAuthor => {
    const top = p.accounts[0];
    return {
      AuthorId: top.id,
      AuthorName: top.name,
      Handle: top.handle,
      StreamId: top.streamId,
      FollowerCount: p.followers,
      ClipCount: p.clips,
      Accounts: p.accounts.map((a) => ({ AuthorId: a.id, StreamId: a.streamId, Handle: a.handle, FollowerCount: a.followers, ClipCount: a.clips })),
    };
  });
}

/**
 * The sort-bin tree under the scope's bin with clips in range. treeview: sort bins and (when
 * Input Bins is unlocked) input bins; bintype: only nodes of one type (2 sort, 6 input).
 */
export async function sortBinTree(db: Db, user: AuthUser, query: AnalyticQuery & { binTypeId?: number }, mode: 'treeview' | 'bintype'): Promise<SortBinNode[]> {
  const s = await resolveScope(db, user, query);
  const onlyType = mode === 'bintype' ? (query.binTypeId ?? BIN_TYPE.SortBin) : undefined;
  await assertUnlocked(db, s.project, onlyType === BIN_TYPE.InputBin ? 'InputBins' : 'SortBins');
  const withInput = onlyType === BIN_TYPE.InputBin || (onlyType === undefined && (await isUnlocked(db, s.project, 'InputBins')));
  const all = await q.projectBins(db, s.project.id);
  const parentOf = new Map(all.map((b) => [b.id, b.parent_id]));
  const under = (id: number) => {
    for (let p = parentOf.get(id) ?? null; p !== null; p = parentOf.get(p) ?? null) if (p === s.binId) return true;
    return false;
  };
  const wanted = (type: number) => (onlyType ? type === onlyType : type === BIN_TYPE.SortBin || (withInput && type === BIN_TYPE.InputBin));
  const bins = all.filter((b) => wanted(b.bin_type_id) && under(b.id));
  const keep = new Set(bins.map((b) => b.id));
  const counts = await clipCountsByBin(db, s, [...keep]);
  const nodes = new Map<number, SortBinNode>(
    bins.map((b) => [b.id, { Id: b.id, Name: b.name, ClipCount: counts.get(b.id) ?? 0, BinTypeId: b.bin_type_id, Children: [] }]),
  );
  const roots: SortBinNode[] = [];
  for (const b of bins) {
    // A node whose parent is filtered out hangs from its nearest kept ancestor (or the top).
    let p = b.parent_id;
    while (p !== null && p !== s.binId && !keep.has(p)) p = parentOf.get(p) ?? null;
    (p !== null && keep.has(p) ? nodes.get(p)!.Children : roots).push(nodes.get(b.id)!);
  }
  return roots;
}
