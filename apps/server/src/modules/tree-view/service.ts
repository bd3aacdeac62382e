// The tree view's folders and subfolders: every sort and input bin of the client's live projects,
// parents before children, named as the specification's Bin entity (ForeignId: the project).
// Which of them a screen shows is the screen's choice; the clips of chosen bins come from
// clip/getall/bins.
import type { Subfolder } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { assertClientAccess } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

export async function clientSubfolders(db: Db, user: AuthUser, clientId: number): Promise<Subfolder[]> {
  await assertClientAccess(db, user, clientId);
  const rows = await q.liveSubfolders(db, clientId);
  // Parents before children: a bin is listed once its parent (a listed bin, or the project's root) is.
  const ids = new Set(rows.map((r) => r.id));
  const placed = new Set<number>();
  const out: typeof rows = [];
  let pending = rows;
  while (pending.length) {
    const next = pending.filter((r) => r.parent_id !== null && ids.has(r.parent_id) && !placed.has(r.parent_id));
    const ready = pending.filter((r) => !next.includes(r));
    if (ready.length === 0) break;
    for (const r of ready) placed.add(r.id);
    out.push(...ready);
    pending = next;
  }
  return out.map((r) => ({
    Id: r.id,
    Name: r.name,
    ParentId: r.parent_id,
    StreamId: r.stream_id,
    DateCreated: new Date(r.created_at).toISOString(),
    DateModified: new Date(r.modified_at).toISOString(),
    IsDeleted: r.is_deleted,
    ClientId: r.client_id,
    ForeignId: r.project_id!,
    BinTypeId: r.bin_type_id,
  }));
}
