// The tree view's SQL.
import { BIN_TYPE } from '@listening/contract';
import type { Db } from '../../db/connection.ts';

/** The live sort and input bins of a client's live projects, by project, name and id. */
export function liveSubfolders(db: Db, clientId: number) {
  return db
    .selectFrom('bins')
    .innerJoin('projects', 'projects.id', 'bins.project_id')
    .select([
      'bins.id',
      'bins.name',
      'bins.parent_id',
      'bins.stream_id',
      'bins.created_at',
      'bins.modified_at',
      'bins.is_deleted',
      'bins.client_id',
      'bins.project_id',
      'bins.bin_type_id',
    ])
    .where('bins.client_id', '=', clientId)
    .where('projects.is_deleted', '=', false)
    .where('bins.is_deleted', '=', false)
    .where('bins.bin_type_id', 'in', [BIN_TYPE.SortBin, BIN_TYPE.InputBin])
    .orderBy('bins.project_id')
    .orderBy('bins.name')
    .orderBy('bins.id')
    .execute();
}
