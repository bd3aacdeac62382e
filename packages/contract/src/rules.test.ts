import { describe, expect, it } from 'vitest';
import { AnalyticQuery } from './common.ts';
import {
  analysisDefaultDays,
  changePercent,
  defaultFilterStreams,
  clientPageSize,
  defaultStreams,
  formatInZone,
  formatRand,
  heatmapBucket,
  insightsBucket,
  previousRange,
  streamListError,
  toggleStream,
} from './rules.ts';

const d = (s: string) => new Date(s);

describe('stream rules', () => {
  it('makes YouTube exclusive and refuses to drop the last stream', () => {
    expect(toggleStream([7, 8], 10)).toEqual([10]);
    expect(toggleStream([10], 7)).toEqual([7]);
    expect(toggleStream([7], 7)).toEqual([7]);
    expect(toggleStream([7, 8], 8)).toEqual([7]);
  });
  it('defaults streams by type and sub-type', () => {
    expect(defaultStreams(5, 9)).toEqual([7, 8, 9]);
    expect(defaultStreams(1, 9)).toEqual([10]);
    expect(defaultStreams(2, 11)).toEqual([11]);
    expect(defaultStreams(2, null)).toEqual([7, 8, 9, 11]);
  });
  it('counts LinkedIn in the default streams of every type that offers it, and only those', () => {
    for (const t of [1, 2, 3]) expect(defaultStreams(t, null)).toEqual([7, 8, 9, 11]);
    for (const t of [6, 7, 9]) expect(defaultStreams(t, null)).toEqual([7, 8, 9]);
  });
  it("defaults the Filter's streams to the defaults the project offers, else its first offered stream", () => {
    expect(defaultFilterStreams(1, null, [7, 8, 9, 10, 11])).toEqual([7, 8, 9, 11]);
    expect(defaultFilterStreams(6, null, [7, 8, 9, 10])).toEqual([7, 8, 9]);
    expect(defaultFilterStreams(2, 11, [7, 8, 9, 10])).toEqual([7]);
    expect(defaultFilterStreams(1, 8, [8])).toEqual([8]);
  });
  it("reads the analysis screens' default range as yesterday to today, across months and years", () => {
    expect(analysisDefaultDays('2026-03-01')).toEqual(['2026-02-28', '2026-03-01']);
    expect(analysisDefaultDays('2025-01-01')).toEqual(['2024-12-31', '2025-01-01']);
  });
  it('names what is wrong with a stream list', () => {
    expect(streamListError([])).toMatch(/at least one/);
    expect(streamListError([7, 99])).toMatch(/unknown stream 99/);
    expect(streamListError([7, 10])).toMatch(/YouTube/);
    expect(streamListError([10])).toBeNull();
  });
});

describe('buckets', () => {
  it('gives heatmap rows per day up to 31 days, per week to 90, per month beyond', () => {
    expect(heatmapBucket(d('2026-01-01T00:00:00Z'), d('2026-01-31T23:59:59Z'))).toBe('day');
    expect(heatmapBucket(d('2026-01-01T00:00:00Z'), d('2026-02-01T23:59:59Z'))).toBe('week');
    expect(heatmapBucket(d('2026-01-01T00:00:00Z'), d('2026-03-31T23:59:59Z'))).toBe('week');
    expect(heatmapBucket(d('2026-01-01T00:00:00Z'), d('2026-04-01T23:59:59Z'))).toBe('month');
  });
  it('gives daily insights by day under 30 days, by week under 90, by month from 90', () => {
    expect(insightsBucket(d('2026-01-01T00:00:00Z'), d('2026-01-29T23:59:59Z'))).toBe('day');
    expect(insightsBucket(d('2026-01-01T00:00:00Z'), d('2026-01-30T23:59:59Z'))).toBe('week');
    expect(insightsBucket(d('2026-01-01T00:00:00Z'), d('2026-03-31T23:59:59Z'))).toBe('month');
  });
});

describe('formatRand', () => {
  it('shows R with two decimals and thousand separators', () => {
    expect(formatRand(1234567.8)).toBe('R 1,234,567.80');
    expect(formatRand(0)).toBe('R 0.00');
    expect(formatRand(999.999)).toBe('R 1,000.00');
  });
});

describe('clientPageSize', () => {
  it('is 12, 16 above 1200 px and 25 above 1400 px', () => {
    expect(clientPageSize(1200)).toBe(12);
    expect(clientPageSize(1201)).toBe(16);
    expect(clientPageSize(1401)).toBe(25);
  });
});

describe('formatInZone', () => {
  it("shows a post's time in the client's time zone, and says which", () => {
    expect(formatInZone('2026-11-17T18:52:00Z', 'Africa/Johannesburg')).toBe('17 Nov 2026, 20:52 GMT+2');
    expect(formatInZone('2026-11-17T23:30:00Z', 'Africa/Johannesburg', false)).toBe('18 Nov, 01:30 GMT+2');
    expect(formatInZone('2026-07-01T12:00:00Z', 'Europe/London')).toBe('1 Jul 2026, 13:00 BST');
  });
});

describe('AnalyticQuery', () => {
  it('keeps a date-time without a zone as wall clock, whatever the server zone', () => {
    const q = AnalyticQuery.parse({ projectId: '1', startDate: '2026-03-01', endDate: '2026-03-02T23:59:59', streamIds: '7,8' });
    expect(q.startDate.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(q.endDate.toISOString()).toBe('2026-03-02T23:59:59.000Z');
  });
  it('names the problem with a bad range or stream list', () => {
    const issues = (input: object) => AnalyticQuery.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ projectId: '1', startDate: '2026-03-02', endDate: '2026-03-01', streamIds: '7' })).toContain('endDate is before startDate');
    expect(issues({ projectId: '1', startDate: 'soon', endDate: '2026-03-01', streamIds: '7' })).toContain("startDate is not a date: 'soon'");
    expect(issues({ projectId: '1', startDate: '2024-01-01', endDate: '2026-03-01', streamIds: '7' })[0]).toMatch(/longer than/);
    expect(issues({ projectId: '1', startDate: '2026-03-01', endDate: '2026-03-01', streamIds: '7,10' })[0]).toMatch(/YouTube/);
  });
});

describe('compared with the previous period', () => {
  it('takes the range of equal length that ends just before the start', () => {
    const p = previousRange(d('2026-03-08T00:00:00Z'), d('2026-03-14T23:59:59.999Z'));
    expect(p.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-03-07T23:59:59.999Z');
  });
  it('gives the change in whole percent, and none when the previous period had nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 200)).toBe(-75);
    expect(changePercent(7, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });
});
