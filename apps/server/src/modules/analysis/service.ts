// The rules of the Sentiment and Content classification screens: their headline figures against the
// previous period (the runner's totalPrevious, analytics/query.ts), their charts in the shared buckets (contract
// chartBuckets: empty buckets filled, the last capped at now, a bucket the range, now or the
// project's first data cuts marked partial), and their gates: Sentiment is the
// side menu's 'Sentiment Rating' (the Sentiment product, project types 1, 5, 6, 7), enforced here as
// in the menu. Figures come from the runner; nothing here is SQL.
import {
  BRAND_ASSOCIATION,
  SENTIMENT_CARD_COLORS,
  chartBuckets,
  insightsBucket,
  type AnalyticQuery,
  type Bucket,
  type ChartBucket,
  type ContentClassification,
  type SentimentRating,
} from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { assertScreen } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertUnlocked, resolveScope, toWall, type Scope } from '../../analytics/scope.ts';
import { firstDataWall } from '../../analytics/rollup-queries.ts';
import * as figures from '../../analytics/query.ts';

const num = (v: unknown) => Number(v ?? 0);
const compared = (Value: number, Previous: number) => ({ Value, Previous });

const METRICS = ['clips', 'positive', 'neutral', 'negative', 'owned', 'earned', 'chatter'] as const;
type Figures = figures.Figures<(typeof METRICS)[number]>;

/**
 * The chart's buckets of the scope, each with its row or zeros, and the range's totals: the sum of
 * the bucket rows (one rollup read serves both).
 */
async function chartOf(db: Db, s: Scope): Promise<{ bucket: Bucket; totals: Figures; points: { b: ChartBucket; row: Record<string, number> }[] }> {
  const bucket = insightsBucket(s.startWall, s.endWall);
  const [rows, dataStart] = await Promise.all([figures.byBucket(db, s, bucket, METRICS), firstDataWall(db, s)]);
  const { buckets } = chartBuckets(s.startWall, s.endWall, toWall(new Date(), s.timeZone), bucket, dataStart);
  const totals: Figures = { clips: 0, positive: 0, neutral: 0, negative: 0, owned: 0, earned: 0, chatter: 0 };
  for (const r of rows.values()) for (const k of METRICS) totals[k] += r[k];
  return {
    bucket,
    totals,
    points: buckets.map((b) => {
      const r = rows.get(b.start);
      return {
        b,
        row: {
          positive: num(r?.positive),
          neutral: num(r?.neutral),
          negative: num(r?.negative),
          owned: num(r?.owned),
          earned: num(r?.earned),
          chatter: num(r?.chatter),
        },
      };
    }),
  };
}

/** One of the range's figures beside the same figure of the range before. */
const changeOf =
  <K extends string>(now: Partial<Record<K, unknown>>, before: Partial<Record<K, unknown>>) =>
  (k: K) =>
    compared(num(now[k]), num(before[k]));

const point = (b: ChartBucket) => ({ Date: b.start, From: b.from, To: b.to, Label: b.label, Partial: b.partial });

export async function sentimentRating(db: Db, user: AuthUser, query: AnalyticQuery): Promise<SentimentRating> {
  const s = await resolveScope(db, user, query);
  assertScreen(s.project, 'sentiment');
  await assertUnlocked(db, s.project, 'Sentiment');
  const [before, rows, chart] = await Promise.all([
    figures.totalPrevious(db, s, METRICS),
    figures.byAssociation(db, s, ['positive', 'neutral', 'negative']),
    chartOf(db, s),
  ]);
  const now = chart.totals;
  const change = changeOf(now, before);
  const slice = (Name: 'Owned' | 'Earned' | 'Chatter') => {
    const r = rows.get(BRAND_ASSOCIATION[Name]);
    const [Positive, Neutral, Negative] = [num(r?.positive), num(r?.neutral), num(r?.negative)];
    return {
      Name,
      BrandAssociationId: BRAND_ASSOCIATION[Name],
      Color: SENTIMENT_CARD_COLORS[Name],
      Positive,
      Neutral,
      Negative,
      Total: Positive + Neutral + Negative,
    };
  };
  const rated = (t: { positive: unknown; neutral: unknown; negative: unknown }) => num(t.positive) + num(t.neutral) + num(t.negative);
  return {
    Bucket: chart.bucket,
    Totals: {
      Positive: change('positive'),
      Neutral: change('neutral'),
      Negative: change('negative'),
      Total: compared(rated(now), rated(before)),
    },
    Breakdown: [slice('Owned'), slice('Earned'), slice('Chatter')],
    Daily: chart.points.map(({ b, row }) => ({ ...point(b), Positive: row.positive, Neutral: row.neutral, Negative: row.negative })),
  };
}

export async function contentClassification(db: Db, user: AuthUser, query: AnalyticQuery): Promise<ContentClassification> {
  const s = await resolveScope(db, user, query);
  const [before, chart] = await Promise.all([figures.totalPrevious(db, s, METRICS), chartOf(db, s)]);
  const now = chart.totals;
  const change = changeOf(now, before);
  return {
    Bucket: chart.bucket,
    Cards: {
      Owned: change('owned'),
      Earned: change('earned'),
      Chatter: change('chatter'),
      Total: change('clips'),
    },
    Daily: chart.points.map(({ b, row }) => ({ ...point(b), Owned: row.owned, Earned: row.earned, Chatter: row.chatter })),
  };
}
