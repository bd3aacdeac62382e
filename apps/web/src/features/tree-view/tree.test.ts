import type { Subfolder } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { foldersOf, ranges } from './tree.ts';

const bin = (Id: number, ParentId: number, ForeignId = 1, Name = `b${Id}`): Subfolder => ({
  Id,
  Name,
  ParentId,
  StreamId: null,
  DateCreated: '',
  DateModified: '',
  IsDeleted: false,
  ClientId: 1,
  ForeignId,
  BinTypeId: 2,
});

describe('tree view folders', () => {
  it("lists a project's folders under its root bin, each with its subfolders at any depth", () => {
    const folders = foldersOf([bin(10, 1), bin(11, 10), bin(12, 11), bin(13, 1), bin(20, 2, 2)], 1, 1);
    expect(folders.map((f) => [f.bin.Id, f.subfolders.map((s) => s.Id)])).toEqual([
      [10, [11, 12]],
      [13, []],
    ]);
  });

  it('gives the range up to 23:59:59 and the previous range of equal length', () => {
    expect(ranges('2025-03-08', '2025-03-14')).toEqual({
      current: { startDate: '2025-03-08T00:00:00', endDate: '2025-03-14T23:59:59' },
      previous: { startDate: '2025-03-01T00:00:00', endDate: '2025-03-07T23:59:59' },
    });
  });
});
