// How the response-time figures are written wherever they are shown (the dashboard's Insights,
// the PDF and the workbook's labels), so that every place says the same.
import { STREAM_NAMES, type StreamId } from '../constants.ts';
import type { ResponseTimeRow, ResponseTimes } from './model.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-06-03' (a Monday) as 'Week of 3 Jun 2024'. */
export function responseWeekLabel(week: string): string {
  const [y, m, d] = week.split('-').map(Number);
  return `Week of ${d} ${MONTHS[m - 1]} ${y}`;
}

/** Minutes to a tenth, '-' when there is none. */
export const responseMinutesText = (m: number | null) => (m === null ? '-' : `${m} min`);
/** A share as a whole percentage, '-' when there is none. */
export const responseShareText = (s: number | null) => (s === null ? '-' : `${Math.round(s * 100)}%`);

export const responseTimeHeaders = (wait: number) => [
  'Posts needing a response',
  'Answered by a reply',
  'Median',
  '90th percentile',
  `Answered within ${wait} min`,
];

/** A phone's narrower table: needing, median and the share within the wait as columns; answered and 90th percentile under the line's label (responseTimeAside). */
export const responseTimeShortHeaders = (wait: number) => ['Needing', 'Median', `Within ${wait} min`];

export interface ResponseTimeLine {
  kind: 'network' | 'total' | 'week';
  label: string;
  row: ResponseTimeRow;
}

/** The figures' lines in order: every network, all networks, then every week. */
export function responseTimeLines(t: ResponseTimes): ResponseTimeLine[] {
  return [
    ...t.ByNetwork.map((n) => ({ kind: 'network' as const, label: STREAM_NAMES[n.StreamId as StreamId] ?? `Stream ${n.StreamId}`, row: n })),
    { kind: 'total' as const, label: 'All networks', row: t.Total },
    ...t.ByWeek.map((w) => ({ kind: 'week' as const, label: responseWeekLabel(w.Week), row: w })),
  ];
}

/** A line's cells as text: label, needing, answered, median, 90th percentile, share within the wait. */
export const responseTimeCells = (l: ResponseTimeLine) => [
  l.label,
  l.row.Needing.toLocaleString('en-US'),
  l.row.Answered.toLocaleString('en-US'),
  responseMinutesText(l.row.MedianMinutes),
  responseMinutesText(l.row.P90Minutes),
  responseShareText(l.row.AnsweredWithinWait),
];

/** A line's cells for a phone's table: label, needing, median, share within the wait (responseTimeShortHeaders). */
export const responseTimeShortCells = (l: ResponseTimeLine) => [
  l.label,
  l.row.Needing.toLocaleString('en-US'),
  responseMinutesText(l.row.MedianMinutes),
  responseShareText(l.row.AnsweredWithinWait),
];

/** What a phone's table shows under the line's label: '36 answered · 90th pct 263 min'. */
export const responseTimeAside = (l: ResponseTimeLine) =>
  `${l.row.Answered.toLocaleString('en-US')} answered · 90th pct ${responseMinutesText(l.row.P90Minutes)}`;
