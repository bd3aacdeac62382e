import { describe, expect, it } from 'vitest';
import { datePresets } from './date-presets.ts';
import { formatClock, formatDate, formatTime, fromZoneInput, timeZoneLabel, toZoneInput, todayIn, wallNow } from './time.ts';

describe('times on the client clock', () => {
  // 22:06 UTC on 26 November is 00:06 on 27 November in Johannesburg (UTC+2).
  const justAfterMidnight = '2026-11-26T22:06:00.000Z';

  it('shows a moment just after midnight in the client zone on the client date, whatever the browser zone', () => {
    expect(formatTime(justAfterMidnight, 'Africa/Johannesburg')).toBe('27 Nov 2026, 00:06');
    expect(formatTime(new Date(justAfterMidnight), 'Africa/Johannesburg')).toBe('27 Nov 2026, 00:06');
    expect(formatDate(justAfterMidnight, 'Africa/Johannesburg')).toBe('27 Nov 2026');
    expect(formatTime(justAfterMidnight, 'UTC')).toBe('26 Nov 2026, 22:06');
  });

  it('keeps a wall-clock value (no offset, as the API sends report times) as it is, in the same format', () => {
    expect(formatTime('2026-11-27T00:06:00', 'Africa/Johannesburg')).toBe('27 Nov 2026, 00:06');
    expect(formatTime('2026-11-27T00:06', 'Pacific/Auckland')).toBe('27 Nov 2026, 00:06');
    expect(formatDate('2026-11-27', 'America/Los_Angeles')).toBe('27 Nov 2026');
    // The same moment as an instant and as the client's wall clock reads the same.
    expect(formatTime('2026-11-27T00:06:00', 'Africa/Johannesburg')).toBe(formatTime(justAfterMidnight, 'Africa/Johannesburg'));
  });

  it('follows a daylight-saving change: London is UTC+0 in winter and UTC+1 in summer', () => {
    // Clocks went forward at 01:00 UTC on 29 March 2026.
    expect(formatTime('2026-03-29T00:30:00Z', 'Europe/London')).toBe('29 Mar 2026, 00:30');
    expect(formatTime('2026-03-29T01:30:00Z', 'Europe/London')).toBe('29 Mar 2026, 02:30');
    // And back at 01:00 UTC on 25 October 2026.
    expect(formatTime('2026-10-25T00:30:00Z', 'Europe/London')).toBe('25 Oct 2026, 01:30');
    expect(formatTime('2026-10-25T01:30:00Z', 'Europe/London')).toBe('25 Oct 2026, 01:30');
  });

  it('moves a zone far from UTC across the date line: Auckland (UTC+13 in its summer) and Honolulu (UTC-10)', () => {
    const noonUtc = '2026-11-26T12:00:00Z';
    expect(formatTime(noonUtc, 'Pacific/Auckland')).toBe('27 Nov 2026, 01:00');
    expect(formatTime(noonUtc, 'Pacific/Honolulu')).toBe('26 Nov 2026, 02:00');
    expect(formatTime(noonUtc, 'Pacific/Auckland', { year: false })).toBe('27 Nov, 01:00');
    expect(formatClock(noonUtc, 'Pacific/Auckland')).toBe('01:00:00');
  });

  it("counts 'today' and the quick dates on the client calendar after its midnight", () => {
    const at = new Date(justAfterMidnight);
    expect(todayIn('Africa/Johannesburg', at)).toBe('2026-11-27');
    expect(todayIn('UTC', at)).toBe('2026-11-26');
    const presets = datePresets(wallNow('Africa/Johannesburg', at));
    expect(presets.find((p) => p.label === 'Today')!.value).toEqual(['2026-11-27', '2026-11-27']);
    expect(presets.find((p) => p.label === 'Yesterday')!.value).toEqual(['2026-11-26', '2026-11-26']);
    expect(presets.find((p) => p.label === 'Last 7 Days')!.value).toEqual(['2026-11-21', '2026-11-27']);
    expect(todayIn('Pacific/Auckland', new Date('2026-11-26T11:30:00Z'))).toBe('2026-11-27');
  });

  it('fills a date-time input on the client clock', () => {
    expect(toZoneInput(justAfterMidnight, 'Africa/Johannesburg')).toBe('2026-11-27T00:06');
    expect(toZoneInput('2026-11-27T00:06:00', 'Africa/Johannesburg')).toBe('2026-11-27T00:06');
  });

  it('reads a date-time input on the client clock, across a daylight-saving change', () => {
    expect(fromZoneInput('2026-11-27T00:06', 'Africa/Johannesburg')).toBe(justAfterMidnight);
    // London: 00:30 on 29 March is still winter time (UTC+0); 02:30 is summer time (UTC+1).
    expect(fromZoneInput('2026-03-29T00:30', 'Europe/London')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromZoneInput('2026-03-29T02:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZoneInput('2026-11-27T01:00', 'Pacific/Auckland')).toBe('2026-11-26T12:00:00.000Z');
    expect(fromZoneInput('', 'Africa/Johannesburg')).toBeNull();
  });

  it('says the zone once, in words', () => {
    expect(timeZoneLabel('America/Los_Angeles')).toBe('Times in America/Los Angeles');
  });

  it('shows nothing for a value that is not a time, and falls back to UTC for an unknown zone', () => {
    expect(formatTime('not a date', 'Africa/Johannesburg')).toBe('');
    expect(formatTime(justAfterMidnight, 'Mars/Olympus_Mons')).toBe('26 Nov 2026, 22:06');
  });
});
