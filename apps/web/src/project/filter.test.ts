import { describe, expect, it } from 'vitest';
import { testNow, testProject } from '../test/project.ts';
import { analyticParams, projectSearchSchema, refusedParts, resolveFilter, resolveRange, resolveStreams, searchNeedsRewrite } from './filter.ts';

const project = testProject;
const now = testNow;

describe('the project search params', () => {
  it('keep well-formed values', () => {
    expect(projectSearchSchema.parse({ datefrom: '2025-03-01', dateto: '2025-03-31', streams: '7,8', bin: '12' })).toEqual({
      datefrom: '2025-03-01',
      dateto: '2025-03-31',
      streams: '7,8',
      bin: '12',
    });
  });

  it('keep what was typed, numbers as strings, so a refused value can be named', () => {
    expect(projectSearchSchema.parse({ streams: 7, bin: 12, datefrom: { a: 1 } })).toEqual({ streams: '7', bin: '12' });
  });

  it('resolve unparsable values to the defaults instead of failing', () => {
    const search = projectSearchSchema.parse({ datefrom: '2025-02-30', dateto: 'yesterday', streams: 'x,y', bin: '-1' });
    expect(resolveFilter(search, project(), now)).toEqual(resolveFilter({}, project(), now));
    expect(resolveFilter({ bin: '99999999999' }, project(), now).bin).toBeUndefined();
    expect(resolveFilter({ bin: '33' }, project(), now).bin).toBe(33);
  });
});

describe('resolving the filter', () => {
  it('falls back to the last 30 days when dates are missing or out of order', () => {
    expect(resolveRange(undefined, undefined, now)).toEqual(['2025-03-02', '2025-03-31']);
    expect(resolveRange('2025-03-10', '2025-03-01', now)).toEqual(['2025-03-02', '2025-03-31']);
    expect(resolveRange('2025-03-01', '2025-03-10', now)).toEqual(['2025-03-01', '2025-03-10']);
  });

  it('falls back when the range is longer than the server allows', () => {
    expect(resolveRange('2020-01-01', '2025-03-10', now)).toEqual(['2025-03-02', '2025-03-31']);
  });

  it('defaults streams by project type and sub-type', () => {
    expect(resolveStreams(undefined, project())).toEqual([7, 8, 9, 11]);
    expect(resolveStreams(undefined, project({ ProjectTypeId: 8, ProjectSubTypeId: 9, StreamId: '10' }))).toEqual([10]);
    expect(resolveStreams(undefined, project({ ProjectTypeId: 8, ProjectSubTypeId: 11, StreamId: '11' }))).toEqual([11]);
  });

  it('keeps only offered streams and never combines YouTube with others', () => {
    expect(resolveStreams('9,7,12', project())).toEqual([7, 9]);
    expect(resolveStreams('7,10', project())).toEqual([7]);
    expect(resolveStreams('11', project({ ProjectTypeId: 5 }))).toEqual([7, 8, 9]);
  });

  it('asks for the address to be rewritten only when it lacks the resolved values', () => {
    const f = resolveFilter({}, project(), now);
    expect(searchNeedsRewrite({}, f)).toBe(true);
    expect(searchNeedsRewrite({ datefrom: f.datefrom, dateto: f.dateto, streams: '7,8,9,11' }, f)).toBe(false);
  });
});

describe('the analytic query', () => {
  it('ends the range at 23:59:59 and sends streams as a comma list', () => {
    expect(analyticParams(4, { datefrom: '2025-03-01', dateto: '2025-03-31', streams: [7, 8] })).toEqual({
      projectId: 4,
      startDate: '2025-03-01T00:00:00',
      endDate: '2025-03-31T23:59:59',
      streamIds: '7,8',
    });
  });

  it("scopes to the dashboard's bin after 'Set As Dashboard'", () => {
    expect(analyticParams(4, { datefrom: '2025-03-01', dateto: '2025-03-02', streams: [7], bin: 33 }).binId).toBe(33);
  });
});

describe('what the address asked for and did not get', () => {
  const f = resolveFilter({ datefrom: '2025-03-01', dateto: '2025-03-10', streams: '7' }, project(), now);

  it('names nothing when every part was kept or merely missing', () => {
    expect(refusedParts({ datefrom: '2025-03-01', dateto: '2025-03-10', streams: '7' }, f)).toEqual([]);
    expect(refusedParts({}, resolveFilter({}, project(), now))).toEqual([]);
  });

  it('names malformed dates, streams not offered and a bin that is not a number', () => {
    const fallback = resolveFilter({}, project(), now);
    expect(refusedParts({ datefrom: 'yesterday', dateto: '2025-03-10' }, fallback)).toEqual(['dates']);
    expect(refusedParts({ streams: '12' }, fallback)).toEqual(['streams']);
    expect(refusedParts({ streams: '7,10' }, resolveFilter({ streams: '7,10' }, project(), now))).toEqual(['streams']);
    expect(refusedParts({ bin: 'abc' }, fallback)).toEqual(['bin']);
  });

  it('does not mistake a reordered stream list for a refused one', () => {
    expect(refusedParts({ streams: '9,7' }, resolveFilter({ streams: '9,7' }, project(), now))).toEqual([]);
  });
});
