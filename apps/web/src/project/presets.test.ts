import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterPresets } from './presets.ts';

describe('the Filter menu quick dates', () => {
  it("offer 'Yesterday to now' right after 'Yesterday', ending today", () => {
    const presets = filterPresets(dayjs('2025-03-15T09:30:00'));
    expect(presets.map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'Yesterday to now',
      'Last 2 Days',
      'Last 7 Days',
      'Last 14 Days',
      'Last 30 Days',
      'This Month',
      'Last Month',
    ]);
    expect(presets[2].value).toEqual(['2025-03-14', '2025-03-15']);
  });
});
