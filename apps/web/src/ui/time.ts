// Times of the reader's own (the outbox, the audit log, notifications, "updated at"): in the
// browser's time zone, saying which, formatted as post times are (those use the client's zone).
import { formatInZone } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The browser's time zone, e.g. 'Africa/Johannesburg'. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** '17 Nov 2026, 20:52 GMT+2' in the browser's zone. */
export const formatLocalTime = (iso: string | Date): string => formatInZone(iso, browserTimeZone());

/**
 * The time zone's wall clock at `now`, as a dayjs whose fields read that clock. A client's "today"
 * (the quick dates, the default ranges) is today in the client's zone, which analytic ranges are
 * read in, not in the browser's.
 */
export function wallNow(timeZone: string, now: Date = new Date()): Dayjs {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
    return dayjs(`${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`);
  } catch {
    // An unknown zone name: the browser's own clock is the best guess left.
    return dayjs(now);
  }
}
