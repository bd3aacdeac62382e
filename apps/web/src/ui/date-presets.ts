// Quick picks of the date range picker, as [from, to] 'YYYY-MM-DD' strings.
import dayjs, { type Dayjs } from 'dayjs';

export type DateRange = [string, string];
const fmt = (d: Dayjs) => d.format('YYYY-MM-DD');

export function datePresets(now: Dayjs = dayjs()): { label: string; value: DateRange }[] {
  const today = now.startOf('day');
  const lastDays = (n: number): DateRange => [fmt(today.subtract(n - 1, 'day')), fmt(today)];
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Today', value: [fmt(today), fmt(today)] },
    { label: 'Yesterday', value: [fmt(today.subtract(1, 'day')), fmt(today.subtract(1, 'day'))] },
    { label: 'Last 2 Days', value: lastDays(2) },
    { label: 'Last 7 Days', value: lastDays(7) },
    { label: 'Last 14 Days', value: lastDays(14) },
    { label: 'Last 30 Days', value: lastDays(30) },
    { label: 'This Month', value: [fmt(today.startOf('month')), fmt(today)] },
    { label: 'Last Month', value: [fmt(lastMonth.startOf('month')), fmt(lastMonth.endOf('month'))] },
  ];
}

/** The default range of a project's dashboard: the last 30 days, today included. */
export function last30Days(now: Dayjs = dayjs()): DateRange {
  return datePresets(now)[5].value;
}
