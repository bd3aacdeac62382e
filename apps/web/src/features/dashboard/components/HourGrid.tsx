// What the two hour heatmaps (mentions, sentiment) share: the grid of 24 hours by day, week or
// month with its row labels (a partial row starred), the phone layout, a cell opening its posts in
// the clip tray, and the chart a keyboard can walk cell by cell.
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { HEATMAP_NARROW, cellScope, heatmapGrid, rowLabels, type Bucket, type Cell, type PartialRow } from '../heatmap.ts';

interface HourGridData<C extends Cell> {
  Bucket: Bucket;
  Data: C[];
  Partial: PartialRow[];
}

/** The grid of an hour heatmap's answer; `value` (a function kept at module level) gives a cell's figure, its count by default. */
export function useHourGrid<C extends Cell>(data: HourGridData<C> | undefined, value?: (c: C) => number) {
  const { filter } = useProjectContext();
  const tray = useClipTray();
  const bucket = data?.Bucket ?? 'day';
  const cells = useMemo(() => data?.Data ?? [], [data]);
  const grid = useMemo(() => heatmapGrid(cells, value), [cells, value]);
  const partial = useMemo(() => new Map((data?.Partial ?? []).map((p) => [p.Date, p])), [data]);
  const labels = useMemo(() => rowLabels(grid.rows, bucket, [...partial.values()]), [grid.rows, bucket, partial]);
  const narrow = useMediaQuery(HEATMAP_NARROW) ?? false;
  const open = (hour: number, row: number) => tray.open(cellScope(grid.rows[row], hour, bucket, filter));
  return { bucket, cells, grid, partial, labels, narrow, open };
}

/** The heatmap's chart: a click or Enter on a cell opens it; `label` is what a cell says to a screen reader. */
export function HourGridChart({
  ariaLabel,
  option,
  rows,
  label,
  open,
}: {
  ariaLabel: string;
  option: EChartOption;
  rows: number;
  label: (hour: number, row: number) => string;
  open: (hour: number, row: number) => void;
}) {
  return (
    <EChart
      ariaLabel={ariaLabel}
      option={option}
      height={Math.max(240, rows * 20 + 90)}
      onClick={(e) => {
        const [hour, row] = e.value as [number, number, unknown];
        open(hour, row);
      }}
      cells={{ columns: 24, rows, index: (hour, row) => row * 24 + hour, label, onOpen: open }}
    />
  );
}
