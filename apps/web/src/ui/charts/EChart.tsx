// The one ECharts wrapper: registers the chart types the app draws, sizes the chart to
// its box, updates the option in place when it changes and hands clicks back. Screens pass an
// option only; a chart of cells (a heatmap) can also be walked with the keyboard.
import { VisuallyHidden } from '@mantine/core';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import 'echarts-wordcloud';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

echarts.use([BarChart, HeatmapChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;
export interface EChartClick {
  dataIndex: number;
  seriesIndex?: number;
  name: string;
  value: unknown;
  data: unknown;
}

/** The cells of a chart's first series as a grid the keyboard walks: arrows move, Enter opens. */
export interface ChartCells {
  columns: number;
  rows: number;
  /** The data index of the cell (in the first series). */
  index: (column: number, row: number) => number;
  /** What the cell is, read out when the keyboard reaches it. */
  label: (column: number, row: number) => string;
  onOpen?: (column: number, row: number) => void;
}

/**
 * The option's shape: top-level components and each series' type. While it stays the same, a new
 * option is merged into the chart, so bars and cells move to their new values instead of the chart
 * being drawn again from nothing (a live refresh must not flash); a new shape replaces it whole.
 */
function shapeOf(option: EChartOption): string {
  const series = ([] as { type?: string }[]).concat((option.series as { type?: string }[] | undefined) ?? []);
  return `${Object.keys(option).sort().join(',')}|${series.map((s) => s.type).join(',')}`;
}

const KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function EChart({
  option,
  height = 300,
  minWidth,
  onClick,
  ariaLabel,
  cells,
}: {
  option: EChartOption;
  height?: number | string;
  /** Narrower boxes scroll sideways (inside the card) instead of squeezing the chart below this width. */
  minWidth?: number;
  onClick?: (event: EChartClick) => void;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  cells?: ChartCells;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const shape = useRef('');
  const clickRef = useRef(onClick);
  const [cursor, setCursor] = useState<[number, number] | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    shape.current = '';
    instance.on('click', (p) => clickRef.current?.(p as unknown as EChartClick));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const next = shapeOf(option);
    // A chart that scrolls sideways shows its tooltip over the page, not cut off by its scroller.
    const shown = minWidth && option.tooltip ? { ...option, tooltip: { ...(option.tooltip as object), appendTo: 'body' } } : option;
    chart.current?.setOption(shown, { notMerge: next !== shape.current });
    shape.current = next;
  }, [option, minWidth]);

  // The grid of cells may shrink under the cursor (a new range): keep it inside.
  const inside = cursor && cells && cursor[0] < cells.columns && cursor[1] < cells.rows ? cursor : null;

  const show = (cell: [number, number] | null) => {
    const instance = chart.current;
    if (!instance || !cells) return;
    instance.dispatchAction({ type: 'downplay', seriesIndex: 0 });
    if (!cell) {
      instance.dispatchAction({ type: 'hideTip' });
      return;
    }
    const dataIndex = cells.index(cell[0], cell[1]);
    instance.dispatchAction({ type: 'highlight', seriesIndex: 0, dataIndex });
    instance.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex });
    // Bring the cell into view: sideways in a chart that scrolls, and up or down the page (to the
    // middle, clear of the sticky header above).
    const s = scroller.current;
    const at = instance.convertToPixel({ seriesIndex: 0 }, [cell[0], cell[1]]) as number[] | undefined;
    if (!at) return;
    if (s && (at[0] < s.scrollLeft + 40 || at[0] > s.scrollLeft + s.clientWidth - 40)) s.scrollLeft = at[0] - s.clientWidth / 2;
    const y = (box.current?.getBoundingClientRect().top ?? 0) + at[1];
    if (y < window.innerHeight * 0.35 || y > window.innerHeight * 0.85) window.scrollBy({ top: y - window.innerHeight / 2 });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!cells) return;
    const at = inside ?? [0, 0];
    if ((e.key === 'Enter' || e.key === ' ') && inside) {
      e.preventDefault();
      cells.onOpen?.(inside[0], inside[1]);
      return;
    }
    let next: [number, number] | null = null;
    if (KEYS[e.key]) {
      const [dc, dr] = KEYS[e.key];
      next = inside ? [Math.min(cells.columns - 1, Math.max(0, at[0] + dc)), Math.min(cells.rows - 1, Math.max(0, at[1] + dr))] : at;
    } else if (e.key === 'Home') next = [0, at[1]];
    else if (e.key === 'End') next = [cells.columns - 1, at[1]];
    if (!next) return;
    e.preventDefault();
    setCursor(next);
    show(next);
  };

  const chartBox = (
    <div
      ref={box}
      role={cells ? 'application' : 'img'}
      aria-label={cells ? `${ariaLabel}: arrow keys move between cells${cells.onOpen ? ', Enter opens the cell' : ''}` : ariaLabel}
      aria-roledescription={cells ? 'chart' : undefined}
      tabIndex={cells ? 0 : undefined}
      onKeyDown={cells ? onKeyDown : undefined}
      onFocus={
        cells
          ? (e) => {
              setFocused(true);
              // Reached with the keyboard: start on the first cell, so the first arrow already moves.
              if (!inside && e.currentTarget.matches(':focus-visible')) {
                setCursor([0, 0]);
                show([0, 0]);
              }
            }
          : undefined
      }
      onBlur={
        cells
          ? () => {
              setFocused(false);
              show(null);
            }
          : undefined
      }
      style={{
        width: '100%',
        minWidth,
        height,
        cursor: onClick ? 'pointer' : undefined,
        outline: focused ? '2px solid var(--mantine-color-blue-5)' : undefined,
        outlineOffset: 2,
        borderRadius: 4,
      }}
    />
  );
  const announced = cells && focused && inside ? cells.label(inside[0], inside[1]) : '';
  return (
    <>
      {minWidth ? (
        <div ref={scroller} style={{ overflowX: 'auto', overflowY: 'hidden', padding: 3, margin: -3 }}>
          {chartBox}
        </div>
      ) : (
        chartBox
      )}
      {cells && <VisuallyHidden aria-live="polite">{announced}</VisuallyHidden>}
    </>
  );
}
