import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { wallNow } from '../ui/time.ts';
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

  it("count days on the client's clock, not the browser's", () => {
    // 22:30 UTC on 26 Nov is already 27 Nov in Johannesburg and still 26 Nov in New York.
    const at = new Date('2026-11-26T22:30:00Z');
    const today = (tz: string) => filterPresets(wallNow(tz, at)).find((p) => p.label === 'Today')!.value;
    expect(today('Africa/Johannesburg')).toEqual(['2026-11-27', '2026-11-27']);
    expect(today('America/New_York')).toEqual(['2026-11-26', '2026-11-26']);
    expect(filterPresets(wallNow('Africa/Johannesburg', at)).find((p) => p.label === 'Last 7 Days')!.value).toEqual(['2026-11-21', '2026-11-27']);
  });
});
