// Times of the reader's own (the outbox, the audit log, notifications, "updated at"): in the
// browser's time zone, saying which, formatted as post times are (those use the client's zone).
import { formatInZone, toWall } from '@listening/contract';
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
    return dayjs(toWall(now, timeZone).toISOString().slice(0, 19));
  } catch {
    // An unknown zone name: the browser's own clock is the best guess left.
    return dayjs(now);
  }
}
