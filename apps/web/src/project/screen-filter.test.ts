import type { Project } from '@listening/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { resolveFilter, screenOfferedStreams } from './filter.ts';
import { screenFilterRules, screenOf } from './screen-filter.ts';

const project = (over: Partial<Project> = {}): Project => ({
  Id: 4,
  ClientId: 1,
  Description: 'Acme',
  ProjectType: 'Brand Monitoring',
  ProjectTypeId: 1,
  ProjectSubTypeId: null,
  StreamId: '7,8,9,10,11',
  StartDate: '2024-01-01',
  StopDate: null,
  BinId: 10,
  TimeZone: 'Africa/Johannesburg',
  ...over,
});
const now = dayjs('2025-03-31T10:00:00');
const at = (path: string) => screenFilterRules(`/client/1/project/4${path}`);

describe('each screen’s filter defaults', () => {
  it('reads the screen from the path', () => {
    expect(screenOf('/client/1/project/4')).toBeNull();
    expect(screenOf('/client/1/project/4/content-classification')).toBe('content-classification');
  });

  it('starts the analysis screens at yesterday and the dashboard at the last 30 days', () => {
    for (const path of ['/sentiment', '/content-classification', '/competitor-tracking', '/deep-dive'])
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
    expect(resolveFilter({ streams: '10' }, project(), now, at('/sentiment')).streams).toEqual([7, 8, 9]);
    expect(resolveFilter({ streams: '10' }, project(), now, at('/content-classification')).streams).toEqual([10]);
    expect(resolveFilter({}, project({ ProjectSubTypeId: 9 }), now, at('/sentiment')).streams).toEqual([7]);
    expect(resolveFilter({}, project({ StreamId: '10' }), now, at('/sentiment')).streams).toEqual([10]);
  });
});
