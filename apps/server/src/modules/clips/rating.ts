// Rating and rejecting clips: the named bin_clips rows must all belong to the project
// (else 404 and nothing changes); the change applies to the same clips' rows in every bin of the
// project, so a rating made in a sort bin also moves the project's figures. bin_hourly and
// bin_hourly_sentiment move in the same statement as the rows (ingest/rollups.ts adjustRollups).
import { audit, someIds } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { adjustRollups } from '../../ingest/rollups.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForWrite } from '../../access/index.ts';

export interface RatedRow {
  id: number;
  bin_id: number;
  stream_id: number;
  posted_at: Date;
  favourability_id: number;
  brand_association_id: number;
  ave: number;
  rejected: boolean;
}
export type Change = { favourabilityId: number } | { reject: true };

/** Rates or rejects the named clips of a project; answers how many bin_clips rows changed. 403 for an In-Active client (access/). */
export async function changeClips(db: Db, user: AuthUser, projectId: number, binClipIds: number[], change: Change): Promise<number> {
  const project = await projectForWrite(db, user, projectId);
  const ids = [...new Set(binClipIds)];
  return db.transaction().execute(async (trx) => {
    const named = await trx.selectFrom('bin_clips').select(['id', 'clip_id']).where('id', 'in', ids).where('project_id', '=', project.id).execute();
    if (named.length !== ids.length) {
      const found = new Set(named.map((r) => Number(r.id)));
      throw notFound(`Clips not found in project ${projectId}: ${ids.filter((i) => !found.has(i)).join(', ')}`);
    }
    const rows = (await trx
      .selectFrom('bin_clips')
      .select(['id', 'bin_id', 'stream_id', 'posted_at', 'favourability_id', 'brand_association_id', 'ave', 'rejected'])
      .where('project_id', '=', project.id)
      .where(
        'clip_id',
        'in',
        named.map((r) => Number(r.clip_id)),
      )
      .orderBy('id')
      .forUpdate()
      .execute()) as RatedRow[];
    const changing = rows.filter((r) => ('reject' in change ? !r.rejected : r.favourability_id !== change.favourabilityId));
    if (changing.length === 0) return 0;
    // The rows, bin_hourly and bin_hourly_sentiment move in one statement.
    const updated = await adjustRollups(
      trx,
      changing.map((r) => Number(r.id)),
      'reject' in change ? { rejected: true } : { favourabilityId: change.favourabilityId },
    );
    // A reject takes clips out of every figure: who did it is kept, with the change.
    if ('reject' in change)
      await audit(trx, { actor: user, action: 'clips.reject', target: `project:${project.id}`, detail: { binClipIds: someIds(ids), rows: updated } });
    return updated;
  });
}
