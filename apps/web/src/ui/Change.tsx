// A headline figure's change against the previous range of equal length (contract Compared):
// "▲ 12%" in green, "▼ 8%" in red, "new" when the previous period had nothing, with the period
// it is compared with in the tooltip. Shared by every analysis screen's cards.
import { Text, Tooltip } from '@mantine/core';
import { changePercent, type Compared } from '@listening/contract';

/** `fallIsGood`: a figure whose rise is bad news (negative posts), so a fall shows green. */
export function Change({
  figure,
  period = 'the previous period of equal length',
  fallIsGood = false,
}: {
  figure: Compared;
  period?: string;
  fallIsGood?: boolean;
}) {
  const pct = changePercent(figure.Value, figure.Previous);
  const label =
    pct === null ? (figure.Value > 0 ? 'new' : 'no change') : pct === 0 ? 'no change' : `${pct > 0 ? '▲' : '▼'} ${Math.abs(pct).toLocaleString('en-ZA')}%`;
  const color = pct === null || pct === 0 ? 'dimmed' : pct > 0 !== fallIsGood ? 'teal.7' : 'red.7';
  return (
    <Tooltip label={`${figure.Previous.toLocaleString('en-ZA')} in ${period}`} withArrow>
      <Text component="span" size="xs" fw={600} c={color} aria-label={`Change against ${period}: ${label}`}>
        {label}
      </Text>
    </Tooltip>
  );
}
