// Times of the reader's own (the outbox, the audit log, notifications, "updated at"): in the
// browser's time zone, saying which, formatted as post times are (those use the client's zone).
import { formatInZone } from '@listening/contract';

/** The browser's time zone, e.g. 'Africa/Johannesburg'. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** '17 Nov 2026, 20:52 GMT+2' in the browser's zone. */
export const formatLocalTime = (iso: string | Date): string => formatInZone(iso, browserTimeZone());
