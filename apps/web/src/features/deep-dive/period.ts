// The deep dive's periods as a range (001 section 4): Hourly the last 12 hours, Daily the last 7
// days, Weekly the last 5 weeks from 35 days back (the default). Whole hours and days of the
// client's clock (`now` is its wall clock: ui/time.ts wallNow), sent as wall clock like every
// analytic range; the end is now.
import { DEEP_DIVE_PERIODS, type DeepDivePeriod } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'YYYY-MM-DDTHH:mm:ss';

export function periodRange(period: DeepDivePeriod, now: Dayjs = dayjs()): { startDate: string; endDate: string } {
  const hours = DEEP_DIVE_PERIODS[period].hours;
  const start = period === 'hourly' ? now.startOf('hour').subtract(hours - 1, 'hour') : now.startOf('day').subtract(hours / 24 - 1, 'day');
  return { startDate: start.format(FORMAT), endDate: now.format(FORMAT) };
}

/** The label of a bucket's start: '14:00' for hours, 'D MMM YYYY' for days and weeks. */
export function bucketLabel(date: string, bucket: 'hour' | 'day' | 'week'): string {
  const d = dayjs(date);
  return bucket === 'hour' ? d.format('D MMM HH:mm') : d.format('D MMM YYYY');
}

/** The end of a bucket (exclusive start of the next, less a second), for the tray's range. */
export function bucketEnd(date: string, bucket: 'hour' | 'day' | 'week', rangeEnd: string): string {
  const end = dayjs(date)
    .add(1, bucket === 'week' ? 'week' : bucket)
    .subtract(1, 'second');
  return end.isAfter(dayjs(rangeEnd)) ? rangeEnd : end.format(FORMAT);
}
