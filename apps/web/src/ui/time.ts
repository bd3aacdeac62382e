// The one way the app shows a time or a date: on the client's clock (its time zone, carried by
// the client record), in one format ('17 Nov 2026, 20:52'), with the zone said once per screen
// (TimeZoneNote in the private shell) rather than beside each time. Quick dates and default
// ranges start from the client's "today" (wallNow), not the browser's. docs/dashboard.md has the rule.
import { DEFAULT_TIME_ZONE, toWall } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, useCallback, useContext } from 'react';

/**
 * The time zone of the screen: the client's when the address names a client (a project's
 * screens included), otherwise the signed-in user's own client's. The private shell provides it.
 */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);
export const useTimeZone = (): string => useContext(TimeZoneContext);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
// A wall-clock value: a day, or a day and a time with no offset ('2026-11-26T09:00:00').
const WALL = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * The wall clock of `value` in `timeZone`, as a Date whose UTC fields read that clock. An instant
 * (a Date, or an ISO string with Z or an offset) is moved onto the zone's clock; a wall-clock
 * string (no offset, as the API sends report and schedule times) is already on it and is kept.
 * An unknown zone falls back to UTC rather than throwing on screen.
 */
export function wallOf(value: string | Date, timeZone: string): Date {
  if (typeof value === 'string' && WALL.test(value))
    return new Date(`${value.slice(0, 10)}T${value.length > 10 ? value.slice(11, 19).padEnd(8, ':00') : '00:00:00'}Z`);
  const instant = typeof value === 'string' ? new Date(value) : value;
  try {
    return toWall(instant, timeZone);
  } catch {
    return instant;
  }
}

const dayText = (wall: Date, year: boolean) => `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]}${year ? ` ${wall.getUTCFullYear()}` : ''}`;

/** '17 Nov 2026' (or '17 Nov' without the year) on the zone's calendar. */
export function formatDate(value: string | Date, timeZone: string, { year = true }: { year?: boolean } = {}): string {
  const d = wallOf(value, timeZone);
  return Number.isNaN(d.getTime()) ? '' : dayText(d, year);
}

/** '17 Nov 2026, 20:52' (or '17 Nov, 20:52' without the year) on the zone's clock. */
export function formatTime(value: string | Date, timeZone: string, { year = true }: { year?: boolean } = {}): string {
  const d = wallOf(value, timeZone);
  return Number.isNaN(d.getTime()) ? '' : `${dayText(d, year)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** '20:52:07' on the zone's clock: a time of today, to the second ("updated at"). */
export function formatClock(value: string | Date, timeZone: string): string {
  const d = wallOf(value, timeZone);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The label said once per screen: 'Times in Africa/Johannesburg'. */
export const timeZoneLabel = (timeZone: string): string => `Times in ${timeZone.replace(/_/g, ' ')}`;

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

/** Today on the zone's calendar, 'YYYY-MM-DD'. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallNow(timeZone, now).format('YYYY-MM-DD');

/**
 * The instant (ISO, UTC) of a datetime-local value read on the zone's clock; null when the value is
 * not a date. The zone's offset is taken at a first guess and again at the answer, so a value just
 * after a daylight-saving change lands right.
 */
export function fromZoneInput(value: string, timeZone: string): string | null {
  if (!WALL.test(value)) return null;
  const wall = wallOf(value, timeZone).getTime();
  if (Number.isNaN(wall)) return null;
  const offsetAt = (t: number) => {
    try {
      return toWall(new Date(t), timeZone).getTime() - t;
    } catch {
      return 0;
    }
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess)).toISOString();
}

/** The value of a datetime-local input ('YYYY-MM-DDTHH:mm') showing an instant on the zone's clock. */
export const toZoneInput = (value: string | Date, timeZone: string): string => wallOf(value, timeZone).toISOString().slice(0, 16);

/** formatTime on the screen's clock (TimeZoneContext). */
export function useFormatTime(): (value: string | Date) => string {
  const timeZone = useTimeZone();
  return useCallback((value: string | Date) => formatTime(value, timeZone), [timeZone]);
}
