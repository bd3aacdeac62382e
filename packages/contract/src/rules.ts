// Pure rules shared by the server and the web app.
import { STREAMS, YOUTUBE, type StreamId } from './constants.ts';
import { periodCoverage, periodEnd } from './periods.ts';

const LINKEDIN = STREAMS.LinkedIn;

/** Streams offered by project type: types 5, 6, 7, 9 offer 7-10; others 7-11. */
export function offeredStreams(projectTypeId: number, projectStreams?: readonly number[]): number[] {
  const base = [5, 6, 7, 9].includes(projectTypeId) ? [7, 8, 9, 10] : [7, 8, 9, 10, 11];
  // A single-stream project shows only its one stream.
  if (projectStreams && projectStreams.length === 1) return [...projectStreams];
  return base;
}

/** The streams a report of this project type may cover: LinkedIn is not offered for type 5. */
export function reportStreams(projectTypeId: number): number[] {
  const streams = [STREAMS.X, STREAMS.Facebook, STREAMS.Instagram, STREAMS.YouTube, LINKEDIN];
  return projectTypeId === 5 ? streams.filter((s) => s !== LINKEDIN) : streams;
}

/**
 * Default streams by project type and sub-type: the specification's X, Facebook and Instagram, with
 * LinkedIn beside them wherever the type offers it (it is tracked like the others, so the default
 * total counts it); a single-platform sub-type gives its one stream.
 */
export function defaultStreams(projectTypeId: number, projectSubTypeId?: number | null): number[] {
  if (projectTypeId === 5) return [7, 8, 9];
  switch (projectSubTypeId) {
    case 7:
      return [7];
    case 8:
      return [8];
    case 9:
      return [10];
    case 10:
      return [9];
    case 11:
      return [11];
    default:
      return offeredStreams(projectTypeId).includes(LINKEDIN) ? [7, 8, 9, LINKEDIN] : [7, 8, 9];
  }
}

/**
 * The Filter's streams when the address names none (and what a call that leaves them out reads):
 * the type's and sub-product's defaults the project offers, else the first stream it offers.
 */
export function defaultFilterStreams(projectTypeId: number, projectSubTypeId: number | null | undefined, offered: readonly number[]): number[] {
  const defaults = defaultStreams(projectTypeId, projectSubTypeId).filter((s) => offered.includes(s));
  return defaults.length ? defaults : offered.slice(0, 1);
}

/**
 * The analysis screens' default range (docs/spec/001_57268dddd5f58f8a.txt section 9: yesterday 00:00 to now), as whole days from
 * the client's today ('YYYY-MM-DD'): yesterday to today.
 */
export function analysisDefaultDays(today: string): [string, string] {
  const d = new Date(`${today}T00:00:00Z`);
  return [new Date(d.getTime() - 86_400_000).toISOString().slice(0, 10), today];
}

/**
 * Toggle one stream in a selection, obeying the rules: YouTube is exclusive, and the last
 * selected stream cannot be removed (the toggle is refused: the selection comes back unchanged).
 */
export function toggleStream(selected: readonly number[], streamId: number): number[] {
  if (selected.includes(streamId)) {
    if (selected.length === 1) return [...selected];
    return selected.filter((s) => s !== streamId);
  }
  if (streamId === YOUTUBE) return [YOUTUBE];
  return [...selected.filter((s) => s !== YOUTUBE), streamId].sort((a, b) => a - b);
}

/** Checks a stream list for the server: non-empty, known, YouTube alone. Returns an error or null. */
export function streamListError(streams: readonly number[], allowed: readonly number[] = [7, 8, 9, 10, 11, 12]): string | null {
  if (streams.length === 0) return 'streamIds must name at least one stream';
  const unknown = streams.filter((s) => !allowed.includes(s as StreamId));
  if (unknown.length) return `streamIds has unknown stream ${unknown.join(', ')}`;
  if (streams.includes(YOUTUBE) && streams.length > 1) return 'streamIds: YouTube (10) cannot be combined with other streams';
  return null;
}

export type Bucket = 'day' | 'week' | 'month';
const DAY_MS = 86_400_000;

/** Whole days covered by a range, counting both ends. */
export function rangeDays(start: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime() + 1) / DAY_MS));
}

/** Heatmap rows: ≤31 days a row per day; ≤90 a row per week; beyond, per month. */
export function heatmapBucket(start: Date, end: Date): Bucket {
  const days = rangeDays(start, end);
  if (days <= 31) return 'day';
  if (days <= 90) return 'week';
  return 'month';
}

/** Daily insights buckets: <30 days by day; 30 to <90 by week; from 90 by month. */
export function insightsBucket(start: Date, end: Date): Bucket {
  const days = rangeDays(start, end);
  if (days < 30) return 'day';
  if (days < 90) return 'week';
  return 'month';
}

/** Money: R with two decimals and thousand separators, e.g. R 1,234,567.80. */
export function formatRand(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  const [whole, cents] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}R ${grouped}.${cents}`;
}

/** Days left of an influencer entry that lasts one year from creation. */
export function influencerDaysRemaining(created: Date, now: Date = new Date()): number {
  const expires = new Date(created);
  expires.setFullYear(expires.getFullYear() + 1);
  return Math.max(0, Math.ceil((expires.getTime() - now.getTime()) / DAY_MS));
}

/** Simple address pattern of the act-as screen: {x}@{y} with no spaces. */
export function isSimpleEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** Client list page size by window width. */
export function clientPageSize(windowWidth: number): number {
  if (windowWidth > 1400) return 25;
  if (windowWidth > 1200) return 16;
  return 12;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A time as a reader should take it, in a given time zone and saying which: '17 Nov 2026, 20:52
 * GMT+2'. Post times use the client's zone; times of the reader's own (the outbox, the audit log,
 * notifications) use the browser's.
 */
export function formatInZone(iso: string | Date, timeZone: string, withYear = true): string {
  const key = `${timeZone}|${withYear}`;
  let f = wallFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    wallFormats.set(key, f);
  }
  return f.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A time zone's wall clock at an instant, as a Date whose UTC fields are that wall clock: the
 * server reads analytic ranges in the client's zone with it, and the web app's quick dates and
 * default ranges start from the client's "now" (not the browser's). An unknown zone throws.
 */
export function toWall(instant: Date, timeZone: string): Date {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second, instant.getUTCMilliseconds()));
}

/**
 * The range of equal length just before [start, end] (end inclusive): what each analysis's
 * headline figures are compared with ("vs the previous 7 days").
 */
export function previousRange(start: Date, end: Date): { start: Date; end: Date } {
  const length = end.getTime() - start.getTime() + 1;
  return { start: new Date(start.getTime() - length), end: new Date(start.getTime() - 1) };
}

/**
 * Change of a figure against the previous period, in whole percent; null when the previous
 * period had nothing (a rise from 0 has no percentage: the web says "new").
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** The value axis of every analysis chart counts whole posts: its smallest step (ECharts minInterval). */
export const CHART_MIN_INTERVAL = 1;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A chart's date label, 'D MMM YYYY' ('4 Mar 2025'), of a YYYY-MM-DD day or a wall-clock Date. */
export function chartLabel(day: string | Date): string {
  const d = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * The first day of each bucket that overlaps [start, end] (wall-clock Dates: their UTC fields
 * carry the client's local time), as YYYY-MM-DD. Weeks start on Monday and months on the 1st, as
 * PostgreSQL's date_trunc, so that the SQL's rows key onto these starts.
 */
export function bucketStartDays(start: Date, end: Date, bucket: Bucket): string[] {
  const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  if (bucket === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (bucket === 'month') d.setUTCDate(1);
  const out: string[] = [];
  while (d.getTime() <= end.getTime()) {
    out.push(d.toISOString().slice(0, 10));
    if (bucket === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (bucket === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** One bucket of an analysis chart: its first day, the instants it covers (wall clock, end inclusive) and its label. */
export interface ChartBucket {
  /** YYYY-MM-DD: how the server keys its rows. */
  start: string;
  /** First instant covered, YYYY-MM-DDTHH:mm:ss: the range's start in the first bucket. */
  from: string;
  /** Last instant covered, YYYY-MM-DDTHH:mm:ss: the bucket's end, capped at the range's end and at now. */
  to: string;
  /** 'D MMM YYYY' of the bucket's first day. */
  label: string;
  /** The range, now or the project's first data cuts the bucket (periods.ts): its figures cover only part of it (the chart says so, not a fall). */
  partial: boolean;
}

/**
 * The buckets of an analysis chart over [start, end] (docs/spec/001_57268dddd5f58f8a.txt section 9): a day each under 30 days,
 * 7-day weeks from 30 to under 90, months from 90, unless the screen lets the reader choose
 * (`bucket`: the deep dive's period); each bucket's end capped at now, and buckets wholly after
 * now left out (nothing can be counted in them). A bucket is partial by periods.ts periodCoverage,
 * `dataStart` being the project's first data when known. All Dates are wall clock. What a point or
 * bar of the chart opens in the clip tray is its bucket's from..to.
 */
export function chartBuckets(
  start: Date,
  end: Date,
  now: Date,
  bucket: Bucket = insightsBucket(start, end),
  dataStart: Date | null = null,
): { bucket: Bucket; buckets: ChartBucket[] } {
  const iso = (d: Date) => d.toISOString().slice(0, 19);
  const last = Math.min(end.getTime(), now.getTime());
  const buckets: ChartBucket[] = [];
  for (const day of bucketStartDays(start, end, bucket)) {
    const first = new Date(`${day}T00:00:00Z`);
    const next = periodEnd(day, bucket);
    const from = Math.max(first.getTime(), start.getTime());
    if (from > last) break;
    const to = Math.min(next.getTime() - 1000, last);
    const partial = periodCoverage(first, next, { startWall: start, endWall: end, nowWall: now, dataStartWall: dataStart }) !== null;
    buckets.push({ start: day, from: iso(new Date(from)), to: iso(new Date(to)), label: chartLabel(day), partial });
  }
  return { bucket, buckets };
}
