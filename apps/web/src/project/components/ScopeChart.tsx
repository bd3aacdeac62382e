// A figure's chart whose parts open their posts: a click (or a keyboard cell) asks scopeOf which
// posts the part stands for and opens them in the clip tray; a part without posts opens nothing.
import { EChart, type ChartCells, type EChartClick, type EChartOption } from '../../ui/charts/EChart.tsx';
import { useClipTray, type TrayScope } from '../clip-tray/tray-state.tsx';
import { ChartBox } from './AnalysisScreen.tsx';

/** The titles of an insights chart by its bucket. */
export const INSIGHTS_TITLE = { day: 'Daily Insights', week: 'Weekly Insights', month: 'Monthly Insights' } as const;

export function ScopeChart({
  ariaLabel,
  option,
  height,
  scopeOf,
  cells,
}: {
  ariaLabel: string;
  option: EChartOption;
  height: number;
  scopeOf: (e: EChartClick) => TrayScope | null | undefined;
  /** Keyboard cells whose onOpen gives the scope of a column (see EChart). */
  cells?: Omit<ChartCells, 'onOpen'> & { scopeOf: (column: number, row: number) => TrayScope | null | undefined };
}) {
  const tray = useClipTray();
  const open = (scope: TrayScope | null | undefined) => {
    if (scope) tray.open(scope);
  };
  return (
    <ChartBox height={height}>
      <EChart
        ariaLabel={ariaLabel}
        option={option}
        height={height}
        onClick={(e) => open(scopeOf(e))}
        cells={cells && { ...cells, onOpen: (column, row) => open(cells.scopeOf(column, row)) }}
      />
    </ChartBox>
  );
}
