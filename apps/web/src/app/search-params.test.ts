import { describe, expect, it } from 'vitest';
import { projectSearchSchema } from '../project/filter.ts';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('the address query string', () => {
  it('keeps a single stream a string, so the project filter keeps it', () => {
    expect(parseSearch('?streams=7&datefrom=2026-01-01&bin=12')).toEqual({ streams: '7', datefrom: '2026-01-01', bin: '12' });
    expect(projectSearchSchema.parse(parseSearch('?streams=10'))).toEqual({ streams: '10' });
  });

  it('round-trips a filter with its commas readable', () => {
    const search = { datefrom: '2026-01-01', dateto: '2026-01-31', streams: '7' };
    const str = stringifySearch(search);
    expect(str).toBe('?datefrom=2026-01-01&dateto=2026-01-31&streams=7');
    expect(parseSearch(str)).toEqual(search);
    expect(stringifySearch({ streams: '7,8,9' })).toBe('?streams=7,8,9');
  });

  it('leaves words that look like JSON alone', () => {
    expect(parseSearch('?q=true&n=null&x=%7B%7D')).toEqual({ q: 'true', n: 'null', x: '{}' });
  });
});
