// Each screen's Filter rule from the catalogue: its defaults, Deep Dive's range, screens that ignore it, and links.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { testNow, testProject } from '../test/project.ts';
import { linkSearch, resolveFilter, screenOfferedStreams } from './filter.ts';
import { NO_SCREEN, fiveWeeksFromMonday, screenFilterRules, screenOf } from './screen-filter.ts';

const project = testProject;
const now = testNow;
const at = (path: string) => screenFilterRules(`/client/1/project/4${path}`);

describe('each screen’s filter defaults', () => {
  it('reads the screen from the path', () => {
    expect(screenOf('/client/1/project/4')).toBeNull();
    expect(screenOf('/client/1/project/4/content-classification')).toBe('content-classification');
  });

  it('starts the analysis screens at yesterday and the dashboard at the last 30 days', () => {
    for (const path of ['/sentiment', '/content-classification', '/competitor-tracking', '/top-authors', '/treeview'])
      expect(resolveFilter({}, project(), now, at(path))).toMatchObject({ datefrom: '2025-03-30', dateto: '2025-03-31' });
    expect(resolveFilter({}, project(), now, at(''))).toMatchObject({ datefrom: '2025-03-02', dateto: '2025-03-31' });
    expect(resolveFilter({}, project(), now, at('/post-listing')).datefrom).toBe('2025-03-02');
  });

  it('keeps a range the address names', () => {
    expect(resolveFilter({ datefrom: '2025-01-01', dateto: '2025-01-31' }, project(), now, at('/sentiment'))).toMatchObject({
      datefrom: '2025-01-01',
      dateto: '2025-01-31',
    });
  });

  it('leaves YouTube out of Sentiment’s streams, unless the project has nothing else', () => {
    expect(screenOfferedStreams(project(), at('/sentiment'))).toEqual([7, 8, 9, 11]);
    expect(resolveFilter({ streams: '10' }, project(), now, at('/sentiment')).streams).toEqual([7, 8, 9, 11]);
    expect(resolveFilter({ streams: '10' }, project(), now, at('/content-classification')).streams).toEqual([10]);
    expect(resolveFilter({}, project({ ProjectSubTypeId: 9 }), now, at('/sentiment')).streams).toEqual([7]);
    expect(resolveFilter({}, project({ StreamId: '10' }), now, at('/sentiment')).streams).toEqual([10]);
  });
});

describe('Deep Dive’s default range', () => {
  it('is the last 5 weeks from Monday to today, so its weekly chart opens on whole weeks', () => {
    // 31 Mar 2025 is a Monday, 30 Mar a Sunday, 2 Apr a Wednesday.
    expect(fiveWeeksFromMonday(dayjs('2025-03-31T10:00:00'))).toEqual(['2025-03-03', '2025-03-31']);
    expect(fiveWeeksFromMonday(dayjs('2025-03-30T23:00:00'))).toEqual(['2025-02-24', '2025-03-30']);
    expect(fiveWeeksFromMonday(dayjs('2025-04-02T00:30:00'))).toEqual(['2025-03-03', '2025-04-02']);
    expect(resolveFilter({}, project(), now, at('/deep-dive'))).toMatchObject({ datefrom: '2025-03-03', dateto: '2025-03-31' });
  });

  it('gives way to a range the address names', () => {
    expect(resolveFilter({ datefrom: '2025-03-30', dateto: '2025-03-31' }, project(), now, at('/deep-dive'))).toMatchObject({
      datefrom: '2025-03-30',
      dateto: '2025-03-31',
    });
  });
});

describe('screens that do not follow the Filter', () => {
  it('are the word lists, a word list’s detail and board, Follower Growth and Ave calc’s; a not-found page has no line', () => {
    for (const path of [
      '/performance-measurement',
      '/reaction-lists',
      '/crisis-lists',
      '/crisis-monitoring-lists',
      '/reaction-list/wordbin/3',
      '/reaction-list/wordbin/3/workflow',
      '/crisis-monitoring/wordbin/3',
      '/ave-calcs',
    ])
      expect(at(path).fixed?.covers, path).toBeTypeOf('function');
    for (const path of ['', '/platform/7', '/post-listing', '/sentiment', '/deep-dive', '/sort-bins', '/input-bins', '/world-map', '/influencer-comparison'])
      expect(at(path).fixed, path).toBeUndefined();
    expect(NO_SCREEN.fixed?.covers).toBeUndefined();
  });

  it('Follower Growth reads the 8 weeks to today on every stream but YouTube, whatever the address says, and says so', () => {
    const rules = at('/performance-measurement');
    const f = resolveFilter({ datefrom: '2025-01-01', dateto: '2025-01-31', streams: '8', bin: '33' }, project(), now, rules);
    expect(f).toEqual({ datefrom: '2025-02-04', dateto: '2025-03-31', streams: [7, 8, 9, 11], bin: 33 });
    expect(rules.fixed?.covers?.(f)).toBe('The 8 weeks to 31 Mar 2025, owned profiles on X, Facebook, Instagram, LinkedIn');
    expect(resolveFilter({}, project({ StreamId: '10' }), now, rules).streams).toEqual([10]);
  });
});

describe('what the menu carries to the next screen', () => {
  const p = project();
  const carried = (path: string, search: Record<string, string>) => linkSearch(search, resolveFilter(search, p, now, at(path)), p, now, at(path));
  // The project's default streams (the type's defaults it offers), as the address writes them.
  const streams = resolveFilter({}, p, now).streams.join(',');

  it('carries nothing from a screen at its defaults, so the next one opens as its address would', () => {
    expect(carried('', {})).toEqual({});
    expect(carried('', { datefrom: '2025-03-02', dateto: '2025-03-31', streams })).toEqual({});
    expect(carried('/sentiment', { datefrom: '2025-03-30', dateto: '2025-03-31', streams })).toEqual({});
    expect(carried('/deep-dive', { datefrom: '2025-03-03', dateto: '2025-03-31', streams })).toEqual({});
  });

  it('carries a range or streams chosen (or named by a link), and the bin', () => {
    expect(carried('', { datefrom: '2025-03-01', dateto: '2025-03-31', streams })).toEqual({ datefrom: '2025-03-01', dateto: '2025-03-31' });
    expect(carried('/sentiment', { datefrom: '2025-03-02', dateto: '2025-03-31', streams: '8' })).toEqual({
      datefrom: '2025-03-02',
      dateto: '2025-03-31',
      streams: '8',
    });
    expect(carried('', { datefrom: '2025-03-02', dateto: '2025-03-31', streams, bin: '33' })).toEqual({ bin: '33' });
  });

  it('carries the address as it came from a screen that does not follow the Filter', () => {
    expect(carried('/reaction-lists', {})).toEqual({});
    expect(carried('/performance-measurement', { datefrom: '2025-03-01', dateto: '2025-03-31', bin: '33' })).toEqual({
      datefrom: '2025-03-01',
      dateto: '2025-03-31',
      bin: '33',
    });
  });
});
