// The heatmaps' grid: 24 hour columns and a row per day, week or month, from the cells
// the server answers; and the clip-tray scope of one cell (a click opens that hour's posts).
import dayjs from 'dayjs';
import type { ProjectFilter } from '../../project/filter.ts';
import type { PartialBucket } from './partial.ts';

export type Bucket = 'day' | 'week' | 'month';
export interface Cell {
  Date: string;
  DatePosted: string;
  Hour: number;
  Count: number;
}

export const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

export function rowLabel(date: string, bucket: Bucket): string {
  const d = dayjs(date);
  if (bucket === 'day') return d.format('ddd D MMM');
  if (bucket === 'week') return `Week of ${d.format('D MMM')}`;
  return d.format('MMM YYYY');
}

/** A heatmap row whose figures cover only part of its day, week or month (the server's Partial). */
export type PartialRow = PartialBucket & { Date: string };

/** Row labels; a partial row (cut by the range, or holding now) is marked with an asterisk. */
export function rowLabels(rows: readonly string[], bucket: Bucket, partial: readonly PartialRow[] = []): string[] {
  const cut = new Set(partial.map((p) => p.Date));
  return rows.map((r) => `${rowLabel(r, bucket)}${cut.has(r) ? ' *' : ''}`);
}

/** A phone: the heatmaps fit their 24 hours in the card instead of scrolling sideways. */
export const HEATMAP_NARROW = '(max-width: 36em)';
/** The hours a narrow heatmap labels: every sixth and the last, so the day is seen to run to 23:00. */
export const NARROW_HOUR_LABELS: readonly number[] = [0, 6, 12, 18, 23];

/**
 * The heatmaps' grid and axes. Narrow, the 24 columns share what the card leaves after shorter row
 * labels (about 10 px each at 390 px: every hour in view, the tooltip and the keyboard say which),
 * labelled by hour alone at NARROW_HOUR_LABELS.
 */
export function heatmapAxes(labels: readonly string[], narrow: boolean) {
  return {
    grid: narrow ? { left: 70, right: 6, top: 8, bottom: 64 } : { left: 92, right: 16, top: 8, bottom: 64 },
    xAxis: {
      type: 'category',
      data: HOURS,
      splitArea: { show: true },
      axisLabel: narrow
        ? { fontSize: 10, interval: (i: number) => NARROW_HOUR_LABELS.includes(i), formatter: (v: string) => v.slice(0, 2) }
        : { fontSize: 11, hideOverlap: true },
    },
    yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { fontSize: narrow ? 10 : 11 } },
  };
}

/** How a heatmap's cells are coloured: from `min` to `max` through `colors`, the two ends named by `text` (top end first). */
export interface HeatmapScale {
  min: number;
  max: number;
  text: [string, string];
  colors: string[];
}

/**
 * The heatmaps' frame around their cells: the axes, a tooltip above the cell kept inside the chart
 * (the heatmap fills a phone's card, so a tooltip by an edge would be cut) and the colour key
 * across the bottom.
 */
export function heatmapFrame(labels: readonly string[], narrow: boolean, scale: HeatmapScale, tooltip: (p: { value: [number, number, number] }) => string) {
  return {
    tooltip: { position: 'top', confine: true, formatter: tooltip },
    ...heatmapAxes(labels, narrow),
    visualMap: {
      min: scale.min,
      max: scale.max,
      text: scale.text,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemHeight: 160,
      inRange: { color: scale.colors },
      textStyle: { fontSize: 11 },
    },
  };
}

/** Rows (oldest first) and a [hour, row, value] triple per hour of every row, zeros included. */
export function heatmapGrid<C extends Cell>(
  cells: readonly C[],
  value: (c: C) => number = (c) => c.Count,
): { rows: string[]; points: [number, number, number][] } {
  const rows = [...new Set(cells.map((c) => c.Date))].sort();
  const index = new Map(rows.map((r, i) => [r, i]));
  const byKey = new Map(cells.map((c) => [`${c.Date}|${c.Hour}`, c]));
  const points: [number, number, number][] = [];
  for (const row of rows)
    for (let h = 0; h < 24; h++) {
      const c = byKey.get(`${row}|${h}`);
      points.push([h, index.get(row)!, c ? value(c) : 0]);
    }
  return { rows, points };
}

export interface CellScope {
  label: string;
  startDate?: string;
  endDate?: string;
  hourStart?: string;
  hour?: number;
}

/**
 * The posts behind a cell. A day row's cell is one hour (hourStart). A week or month row's cell is
 * that hour of each day of the row's period, kept inside the filter's range.
 */
export function cellScope(row: string, hour: number, bucket: Bucket, filter: Pick<ProjectFilter, 'datefrom' | 'dateto'>): CellScope {
  const hh = String(hour).padStart(2, '0');
  const next = `${String(hour + 1).padStart(2, '0')}:00`;
  if (bucket === 'day') return { label: `${dayjs(row).format('ddd D MMM YYYY')}, ${hh}:00 – ${next}`, hourStart: `${row}T${hh}:00:00` };
  const start = dayjs(row);
  const end = start.add(1, bucket).subtract(1, 'day');
  const from = start.isBefore(dayjs(filter.datefrom)) ? filter.datefrom : start.format('YYYY-MM-DD');
  const to = end.isAfter(dayjs(filter.dateto)) ? filter.dateto : end.format('YYYY-MM-DD');
  return {
    label: `${hh}:00 – ${next} each day, ${dayjs(from).format('D MMM')} – ${dayjs(to).format('D MMM YYYY')}`,
    startDate: `${from}T00:00:00`,
    endDate: `${to}T23:59:59`,
    hour,
  };
}
