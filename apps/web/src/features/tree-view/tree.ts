// The tree view's folders of one project: its sort and input bins directly under the project's
// root bin, each with its subfolders (their children, at any depth, flattened in order).
import type { Subfolder } from '@listening/contract';

export interface Folder {
  bin: Subfolder;
  subfolders: Subfolder[];
}

export function foldersOf(bins: Subfolder[], projectId: number, rootBinId: number): Folder[] {
  const mine = bins.filter((b) => b.ForeignId === projectId && !b.IsDeleted);
  const children = new Map<number, Subfolder[]>();
  for (const b of mine) if (b.ParentId !== null) children.set(b.ParentId, [...(children.get(b.ParentId) ?? []), b]);
  const below = (id: number): Subfolder[] => (children.get(id) ?? []).flatMap((c) => [c, ...below(c.Id)]);
  return mine.filter((b) => b.ParentId === rootBinId).map((bin) => ({ bin, subfolders: below(bin.Id) }));
}

/** The range of the filter as the server reads it, and the previous range of equal length. */
export function ranges(datefrom: string, dateto: string) {
  const start = new Date(`${datefrom}T00:00:00Z`);
  const end = new Date(`${dateto}T23:59:59Z`);
  const length = end.getTime() - start.getTime() + 1000;
  const iso = (d: Date) => d.toISOString().slice(0, 19);
  return {
    current: { startDate: iso(start), endDate: iso(end) },
    previous: { startDate: iso(new Date(start.getTime() - length)), endDate: iso(new Date(start.getTime() - 1000)) },
  };
}
