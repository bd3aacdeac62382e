// The deep dive's chart buckets over the Filter's range: days and weeks are the shared chart
// buckets (rules.ts chartBuckets: Monday weeks, cut by the range, capped at now), so a week here
// is the week of every other screen; hours, which no other chart draws, follow the same rules.
import { chartBuckets, chartLabel, type ChartBucket } from '../rules.ts';
import { DEEP_DIVE_PERIODS, type DeepDivePeriod } from './model.ts';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString().slice(0, 19);

/** One point of the chart: the bucket's first instant (a Monday for a week), the instants it covers and its label. */
export interface DeepDiveChartBucket extends Pick<ChartBucket, 'from' | 'to' | 'label' | 'partial'> {
  /** YYYY-MM-DDTHH:mm:ss, client wall clock. */
  start: string;
}

/**
 * The buckets of the period over [start, end] (wall-clock Dates: their UTC fields carry the
 * client's time; end inclusive), each cut by the range and capped at `now`; buckets wholly after
 * now are left out. An hour's label is 'D MMM HH:mm', a day's or week's 'D MMM YYYY'.
 */
export function deepDiveBuckets(start: Date, end: Date, now: Date, period: DeepDivePeriod): DeepDiveChartBucket[] {
  const bucket = DEEP_DIVE_PERIODS[period].bucket;
  if (bucket !== 'hour') return chartBuckets(start, end, now, bucket).buckets.map((b) => ({ ...b, start: `${b.start}T00:00:00` }));
  const last = Math.min(end.getTime(), now.getTime());
  const out: DeepDiveChartBucket[] = [];
  for (let t = Math.floor(start.getTime() / HOUR) * HOUR; t <= last; t += HOUR) {
    const from = Math.max(t, start.getTime());
    const to = Math.min(t + HOUR - 1000, last);
    const d = new Date(t);
    const label = `${chartLabel(d).replace(/ \d+$/, '')} ${iso(d).slice(11, 16)}`;
    out.push({ start: iso(d), from: iso(new Date(from)), to: iso(new Date(to)), label, partial: from > t || to < t + HOUR - 1000 });
  }
  return out;
}
