// Times in mails as the web app shows them: on the client's clock (clients.time_zone), in the
// app's one format ('27 Nov 2026, 00:06'), with the zone said once per mail.
import { toWall } from '@listening/contract';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** '27 Nov 2026, 00:06': an instant on the zone's clock (UTC for an unknown zone). */
export function mailTime(instant: Date, timeZone: string): string {
  let d: Date;
  try {
    d = toWall(instant, timeZone);
  } catch {
    d = instant;
  }
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The mail's one zone label: 'Times in Africa/Johannesburg.' */
export const mailZoneLine = (timeZone: string): string => `Times in ${timeZone.replace(/_/g, ' ')}.`;
