// The one rule for a partial period (a day, week or month bin of a chart, a table row or a
// workbook line): its figures cover only part of it, so a low value there is not a fall. A period
// is partial when the range's start or end cuts it, when it holds now (its figures are so far), or
// when it begins before the project's first data (nothing was collected yet). Every screen, the
// PDF and the workbook ask this function; the web says it in words (features/dashboard/partial.ts)
// and draws it hatched, dashed or lighter. All Dates are wall clock (UTC fields carry the
// client's time).
import type { PartialBucket } from './dashboard/model.ts';
import type { z } from 'zod';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** What may cut a period: the range (end inclusive), now, and the project's first data (null: unknown or none). */
export interface PeriodCuts {
  startWall: Date;
  endWall: Date;
  nowWall: Date;
  dataStartWall?: Date | null;
}

export type PeriodCoverage = z.infer<typeof PartialBucket>;

/**
 * How much of the period [first, next) its figures cover, or null when all of it. Counted in
 * days, or hours for a period of one day; a day or hour begun counts (14:20 is hour 15 of 24).
 * Covered starts at the latest of the period's start, the range's start and the first data, and
 * ends at the earliest of the period's end, the range's end and now.
 */
export function periodCoverage(first: Date, next: Date, cuts: PeriodCuts): PeriodCoverage | null {
  const from = first.getTime();
  const to = next.getTime();
  const unit = to - from <= DAY ? HOUR : DAY;
  const now = cuts.nowWall.getTime();
  const rangeFrom = Math.max(from, cuts.startWall.getTime());
  const dataStart = cuts.dataStartWall?.getTime() ?? -Infinity;
  const beforeData = dataStart > rangeFrom;
  const coveredFrom = Math.max(rangeFrom, dataStart);
  const coveredTo = Math.min(to, cuts.endWall.getTime() + 1);
  const soFar = now >= coveredFrom && now < coveredTo;
  // Wall-clock instants carry the local time in their UTC fields, so days and hours align with the epoch.
  const covered = soFar
    ? Math.floor(now / unit) - Math.floor(coveredFrom / unit) + 1
    : Math.max(0, Math.ceil(Math.min(coveredTo, Math.max(now, coveredFrom)) / unit) - Math.floor(coveredFrom / unit));
  const of = Math.round((to - from) / unit);
  if (!soFar && covered >= of) return null;
  return { Covered: covered, Of: of, Unit: unit === HOUR ? 'hour' : 'day', SoFar: soFar, ...(beforeData ? { BeforeData: true } : {}) };
}

/** The first instant after the day, week or month that starts on `day` (YYYY-MM-DD, wall clock). */
export function periodEnd(day: string, bucket: 'day' | 'week' | 'month'): Date {
  const end = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (bucket === 'day') end.setUTCDate(end.getUTCDate() + 1);
  else if (bucket === 'week') end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** periodCoverage of the day, week or month starting on `day` (YYYY-MM-DD). */
export function coverageOfBucket(day: string, bucket: 'day' | 'week' | 'month', cuts: PeriodCuts): PeriodCoverage | null {
  return periodCoverage(new Date(`${day.slice(0, 10)}T00:00:00Z`), periodEnd(day, bucket), cuts);
}

/** A partial period in words, the same on every screen, the PDF and the workbook: 'So far: 3 of 7 days', 'Partial: 1 of 7 days in range', 'Not begun yet', 'Before the data starts'. */
export function partialText(p: PeriodCoverage): string {
  const of = `${p.Covered} of ${p.Of} ${p.Unit}${p.Of === 1 ? '' : 's'}`;
  if (p.BeforeData && p.Covered === 0) return 'Before the data starts';
  if (p.BeforeData) return `Partial: ${of} since the data starts`;
  if (p.SoFar) return `So far: ${of}`;
  if (p.Covered === 0) return 'Not begun yet';
  return `Partial: ${of} in range`;
}

/**
 * A line's values as two series, so that a partial period reads as one: `whole` holds the points
 * of whole periods (drawn solid), `partial` the partial points and their neighbours (drawn dashed),
 * so every segment that reaches a partial point is dashed. Null where a series has no point.
 */
export function splitPartialLine<T>(values: readonly (T | null)[], partial: readonly boolean[]): { whole: (T | null)[]; partial: (T | null)[] } {
  return {
    whole: values.map((v, i) => (partial[i] ? null : v)),
    partial: values.map((v, i) => (partial[i] || partial[i - 1] || partial[i + 1] ? v : null)),
  };
}
