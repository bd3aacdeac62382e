// What the Follower Growth screen draws from the answer: the weekly insights line (followers per
// network, the profiles of a network summed), the comparison pie (each profile's followers at the
// end) and the matrix's cells. A week without a snapshot stays empty, never zero.
import { STREAM_COLORS, chartLabel, type FollowerGrowth, type StreamId } from '@listening/contract';

export interface Line {
  streamId: number;
  /** Followers at the end of each week; null where no profile of the network has a snapshot yet. */
  values: (number | null)[];
}

/** One line per network with profiles, in the answer's order (networks, then names). */
export function weeklyLines(g: FollowerGrowth): Line[] {
  const streams = [...new Set(g.Profiles.map((p) => p.StreamId))];
  return streams.map((streamId) => {
    const profiles = g.Profiles.filter((p) => p.StreamId === streamId);
    return {
      streamId,
      values: g.Weeks.map((_, k) => {
        const known = profiles.map((p) => p.Weeks[k]?.FollowerCount).filter((v): v is number => v !== null && v !== undefined);
        return known.length ? known.reduce((a, b) => a + b, 0) : null;
      }),
    };
  });
}

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/** A slice per profile with followers; profiles of one network in shades of its colour. */
export function comparisonSlices(g: FollowerGrowth, nameOf: (streamId: number) => string): Slice[] {
  return g.Profiles.filter((p) => p.FollowerCount > 0).map((p, i, all) => {
    const sameNetwork = all.filter((q) => q.StreamId === p.StreamId);
    const base = STREAM_COLORS[p.StreamId as StreamId] ?? '#495057';
    const shade = sameNetwork.length > 1 ? sameNetwork.indexOf(p) / sameNetwork.length : 0;
    return { name: `${p.Name} (${nameOf(p.StreamId)})`, value: p.FollowerCount, color: shade ? mix(base, shade * 0.6) : base };
  });
}

/** A colour lightened towards white by `t` (0..1). */
function mix(hex: string, t: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((n >> shift) & 255) + (255 - ((n >> shift) & 255)) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

/** '+1,234', '−56', '0' or '–' (no snapshot at one end of the week). */
export function changeText(change: number | null): string {
  if (change === null) return '–';
  if (change === 0) return '0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toLocaleString('en-US')}`;
}

/** The weeks as the chart's labels: 'D MMM YYYY' of each week's first day. */
export const weekLabels = (g: FollowerGrowth) => g.Weeks.map((w) => chartLabel(w));

/** The lookback in words: '5 Feb 2024 – 31 Mar 2024'. */
export function lookbackText(g: FollowerGrowth): string {
  if (!g.Weeks.length) return '';
  const last = new Date(`${g.Weeks.at(-1)}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 6);
  return `${chartLabel(g.Weeks[0])} – ${chartLabel(last)}`;
}
