// A report's figures for one window, read once and handed to the PDF and the spreadsheet: the
// project's totals, mentions and AVE per stream, sentiment by brand association, favourability, the
// days (weeks or months for a long window), response times, top posts, top authors, the word
// cloud and the chosen bins. Each day (week, month) says whether it is partial, by the screens' rule. A Trend Analysis
// report also reads the previous window of equal length. Posts counted by
// rating are the Sentiment product's, as on every screen: a client without it gets a report
// without them (docs/dashboard.md, "Product gating").
import {
  BRAND_ASSOCIATION_LOOKUP,
  TOP_POSTS_PER_AUTHOR,
  insightsBucket,
  type Bucket,
  type PeriodCoverage,
  type ReportKind,
  type ResponseTimes,
} from '@listening/contract';
import * as figures from '../analytics/query.ts';
import { readResponseTimes } from '../analytics/response-times.ts';
import { clipCountsByBin } from '../analytics/rollup-queries.ts';
import { isUnlocked, previousScope, toWall, type Scope } from '../analytics/scope.ts';
import { rankTopAuthors } from '../analytics/top-authors.ts';
import { rankTopPosts, toRankedPost } from '../analytics/top-posts.ts';
import type { Db } from '../db/connection.ts';
import type { ProjectRow } from '../db/schema.ts';
import * as q from './queries.ts';

const num = (v: unknown) => Number(v ?? 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

export interface Totals {
  clips: number;
  ave: number;
  positive: number;
  neutral: number;
  negative: number;
}

export interface ReportFigures {
  reportName: string;
  kind: ReportKind;
  projectName: string;
  clientName: string;
  timeZone: string;
  /** The window as the client's wall clock, end inclusive. */
  startWall: Date;
  endWall: Date;
  generatedWall: Date;
  streams: number[];
  /** The client owns Sentiment: the figures by rating are read. Otherwise they are 0 and `sentiment` is empty, and no renderer shows them. */
  rated: boolean;
  totals: Totals;
  /** The previous window of equal length (Trend Analysis), with its wall-clock bounds. */
  previous: { totals: Totals; startWall: Date; endWall: Date; byStream: Map<number, { clips: number; ave: number }>; days: DayRow[] } | null;
  byStream: { streamId: number; clips: number; ave: number }[];
  sentiment: { name: string; color: string; positive: number; neutral: number; negative: number; ave: number }[];
  bucket: Bucket;
  days: DayRow[];
  /** Ranked as the dashboard's widget ranks them (analytics/top-posts.ts). */
  topPosts: ReturnType<typeof toRankedPost>[];
  /** People, merged across networks by person key (analytics/top-authors.ts); streamIds are their accounts' networks, largest first. */
  topAuthors: { name: string; handle: string | null; streamId: number; streamIds: number[]; followers: number; clips: number; ave: number }[];
  words: { value: string; count: number }[];
  bins: { name: string; clips: number; previous: number | null }[];
  /** Response times of the posts to the project's own accounts, as the dashboard's Insights reads them. */
  responses: ResponseTimes;
}

export interface DayRow extends Totals {
  day: string;
  /** The range, the report's making (now) or the project's first data cuts the period (contract periods.ts); null when whole. */
  partial: PeriodCoverage | null;
}

export interface FigureRequest {
  reportName: string;
  kind: ReportKind;
  project: ProjectRow;
  clientName: string;
  timeZone: string;
  streams: number[];
  binIds: number[];
  from: Date;
  /** Exclusive. */
  to: Date;
}

export const TOP_POSTS = 10;
export const TOP_AUTHORS = 10;
export const CLOUD_WORDS = 60;

/** The scope of a request: the project's own bin, the report's streams, the window's instants. */
export function scopeOf(r: FigureRequest): Scope {
  return {
    project: r.project,
    binId: r.project.bin_id!,
    streams: r.streams,
    timeZone: r.timeZone,
    from: r.from,
    to: r.to,
    startWall: toWall(r.from, r.timeZone),
    endWall: new Date(toWall(r.to, r.timeZone).getTime() - 1),
  };
}

const totalsOf = (t: Record<string, unknown>): Totals => ({
  clips: num(t.clips),
  ave: round2(num(t.ave)),
  positive: num(t.positive),
  neutral: num(t.neutral),
  negative: num(t.negative),
});

const TOTALS = ['clips', 'ave', 'positive', 'neutral', 'negative'] as const;

async function days(db: Db, s: Scope, bucket: Bucket, cuts: figures.Cuts): Promise<DayRow[]> {
  return (await figures.series(db, s, bucket, TOTALS, cuts)).map(({ start, figures: row, partial }) => ({ ...totalsOf(row), day: start, partial }));
}

/** The figures without their counts by rating (a client without the Sentiment product). */
function unrated(f: ReportFigures): ReportFigures {
  const strip = <T extends Totals>(t: T): T => ({ ...t, positive: 0, neutral: 0, negative: 0 });
  return {
    ...f,
    rated: false,
    totals: strip(f.totals),
    previous: f.previous && { ...f.previous, totals: strip(f.previous.totals), days: f.previous.days.map(strip) },
    sentiment: [],
    days: f.days.map(strip),
  };
}

export async function readFigures(db: Db, r: FigureRequest, now = new Date()): Promise<ReportFigures> {
  const all = await readAll(db, r, now);
  return (await isUnlocked(db, r.project, 'Sentiment')) ? all : unrated(all);
}

async function readAll(db: Db, r: FigureRequest, now: Date): Promise<ReportFigures> {
  const s = scopeOf(r);
  const bucket = insightsBucket(s.startWall, s.endWall);
  const p = r.kind === 'trend' ? previousScope(s) : null;
  const cuts = await figures.cutsOf(db, s, now);
  const [totals, streams, sentiment, dayRows, posts, authors, words, binCounts, binRows, responses] = await Promise.all([
    figures.total(db, s, TOTALS),
    figures.byStream(db, s, ['clips', 'ave']),
    figures.byAssociation(db, s, ['positive', 'neutral', 'negative', 'ave']),
    days(db, s, bucket, cuts),
    rankTopPosts(db, s, { limit: TOP_POSTS, perAuthor: TOP_POSTS_PER_AUTHOR }),
    rankTopAuthors(db, s, TOP_AUTHORS),
    q.words(db, s, CLOUD_WORDS),
    clipCountsByBin(db, s, r.binIds),
    q.binNames(db, r.binIds),
    readResponseTimes(db, s, { now }),
  ]);
  let previous: ReportFigures['previous'] = null;
  let previousBins: Map<number, number> | null = null;
  if (p) {
    const [pt, ps, pd, pb] = await Promise.all([
      figures.total(db, p, TOTALS),
      figures.byStream(db, p, ['clips', 'ave']),
      days(db, p, bucket, cuts),
      clipCountsByBin(db, p, r.binIds),
    ]);
    previous = {
      totals: totalsOf(pt),
      startWall: p.startWall,
      endWall: p.endWall,
      byStream: new Map([...ps].map(([id, x]) => [id, { clips: x.clips, ave: round2(x.ave) }])),
      days: pd,
    };
    previousBins = pb;
  }
  return {
    reportName: r.reportName,
    kind: r.kind,
    projectName: r.project.description,
    clientName: r.clientName,
    timeZone: r.timeZone,
    startWall: s.startWall,
    endWall: s.endWall,
    generatedWall: toWall(now, r.timeZone),
    streams: r.streams,
    rated: true,
    totals: totalsOf(totals),
    previous,
    byStream: r.streams.map((id) => ({ streamId: id, clips: num(streams.get(id)?.clips), ave: round2(num(streams.get(id)?.ave)) })),
    sentiment: BRAND_ASSOCIATION_LOOKUP.map((b) => {
      const x = sentiment.get(b.Id);
      return {
        name: b.Description,
        color: b.Color,
        positive: num(x?.positive),
        neutral: num(x?.neutral),
        negative: num(x?.negative),
        ave: round2(num(x?.ave)),
      };
    }),
    bucket,
    days: dayRows,
    topPosts: posts.map(toRankedPost),
    // People as the dashboard merges them: one row for a person's accounts on several networks.
    topAuthors: authors.map((a) => ({
      name: a.accounts[0].name,
      handle: a.accounts[0].handle,
      streamId: a.accounts[0].streamId,
      streamIds: a.accounts.map((x) => x.streamId),
      followers: a.followers,
      clips: a.clips,
      ave: round2(a.ave),
    })),
    words: words.map((w) => ({ value: w.value, count: num(w.count) })),
    bins: binRows.map((b) => ({ name: b.name, clips: binCounts.get(b.id) ?? 0, previous: previousBins ? (previousBins.get(b.id) ?? 0) : null })),
    responses,
  };
}
