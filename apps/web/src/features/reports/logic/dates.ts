// The report dialog's dates. Everything the API takes is the client's wall clock
// ('YYYY-MM-DDTHH:mm:ss', no offset), so "today" is today in the client's time zone, not the
// browser's: a dayjs here holds that wall clock in its local fields and is never converted.
import dayjs, { type Dayjs } from 'dayjs';

export const WALL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';
/** The value of a datetime-local input. */
export const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

import { formatTime } from '../../../ui/time.ts';

export { wallNow } from '../../../ui/time.ts';

export const toWire = (d: Dayjs): string => d.format(WALL_FORMAT);
/** A datetime-local value or a wire value, as the wire form; null when it is not a date. */
export function inputToWire(value: string): string | null {
  const d = dayjs(value);
  return value && d.isValid() ? toWire(d) : null;
}
export const wireToInput = (value: string): string => dayjs(value).format(INPUT_FORMAT);

export interface ReportWindow {
  start: string;
  end: string;
}

const span = (start: Dayjs, end: Dayjs): ReportWindow => ({ start: toWire(start.startOf('day')), end: toWire(end.endOf('day')) });

/** The Generate Report window when it opens: yesterday's start to today's end. */
export const defaultWindow = (now: Dayjs): ReportWindow => span(now.subtract(1, 'day'), now);

/** The quick ranges beside the window: 7, 14 and 30 days, ending today. */
export const QUICK_RANGE_DAYS = [7, 14, 30] as const;
export const quickRange = (now: Dayjs, days: number): ReportWindow => span(now.subtract(days - 1, 'day'), now);

/** A range of whole days from the date range picker ('YYYY-MM-DD' ends): 00:00 to 23:59:59. */
export const dayRange = (from: string, to: string): ReportWindow => span(dayjs(from), dayjs(to));

export interface SchedulePick {
  label: string;
  value: string;
}

const at8 = (d: Dayjs) => d.startOf('day').hour(8);
/** The next given weekday (0 Sunday ... 6 Saturday) after today, at 08:00. */
const nextWeekday = (now: Dayjs, weekday: number) => at8(now.add((weekday - now.day() + 7) % 7 || 7, 'day'));

/**
 * The Add Schedule quick picks: Today, Tomorrow 08:00, Next Monday, Next Friday, the 1st of the
 * month and the last day of the month at 08:00. Each is in the future, so the server takes it:
 * Today is the next full hour (or a minute from now late in the evening), the 1st is next
 * month's, and the last day is next month's once this month's 08:00 has passed.
 */
export function schedulePicks(now: Dayjs): SchedulePick[] {
  const nextHour = now.add(1, 'hour').startOf('hour');
  const today = nextHour.isSame(now, 'day') ? nextHour : now.add(1, 'minute').startOf('minute');
  const lastThisMonth = at8(now.endOf('month'));
  const lastDay = lastThisMonth.isAfter(now) ? lastThisMonth : at8(now.add(1, 'month').endOf('month'));
  return [
    { label: 'Today', value: today },
    { label: 'Tomorrow 08:00', value: at8(now.add(1, 'day')) },
    { label: 'Next Monday', value: nextWeekday(now, 1) },
    { label: 'Next Friday', value: nextWeekday(now, 5) },
    { label: '1st of the month', value: at8(now.add(1, 'month').startOf('month')) },
    { label: 'Last day of the month 08:00', value: lastDay },
  ].map((p) => ({ label: p.label, value: toWire(p.value) }));
}

/** '26 Nov 2026, 08:00' for a wire value (already the client's wall clock, so no zone to move it to). */
export const formatWall = (value: string | null): string => (value ? formatTime(value, 'UTC') : '');
/** '19 Nov – 26 Nov 2026' for a window. */
export function formatWindow(start: string, end: string): string {
  const s = dayjs(start);
  const e = dayjs(end);
  return `${s.format(s.year() === e.year() ? 'D MMM' : 'D MMM YYYY')} – ${e.format('D MMM YYYY')}`;
}
