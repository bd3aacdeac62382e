// The Filter menu's quick dates: the shared picker's picks plus 'yesterday to now'.
import dayjs, { type Dayjs } from 'dayjs';
import { datePresets, type DateRange } from '../ui/date-presets.ts';

export function filterPresets(now: Dayjs = dayjs()): { label: string; value: DateRange }[] {
  const today = now.startOf('day');
  const presets = datePresets(now);
  const yesterdayToNow = { label: 'Yesterday to now', value: [today.subtract(1, 'day').format('YYYY-MM-DD'), today.format('YYYY-MM-DD')] as DateRange };
  const at = presets.findIndex((p) => p.label === 'Yesterday') + 1;
  return [...presets.slice(0, at), yesterdayToNow, ...presets.slice(at)];
}
