// Rating, rejecting and restoring clips: the named bin_clips rows must all belong to the project
// (else 404 and nothing changes); the change applies to the same clips' rows in every bin of the
// project, so a rating made in a sort bin also moves the project's figures. bin_hourly and
// bin_hourly_sentiment move in the same statement as the rows (ledger/ changeBinClips):
// a restore adds back exactly what the reject took out, from the rows' current values. A reject
// keeps who did it and when on the rows (rejected_by, rejected_at); a restore clears them; the
// audit log keeps both. Once committed, which bins' rejected rows moved is said
// (analytics/rejections.ts) for what keeps them in memory.
import { audit, someIds } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import { changeBinClips, recordRejectedBy } from '../../ledger/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForWrite } from '../../access/index.ts';
import { rejectionsMoved } from '../../analytics/rejections.ts';
import { lockRowsOfClips, namedRowsOfProject, saveSentimentLabels, type RatedRow } from './queries.ts';

export type Change = { favourabilityId: number } | { reject: true } | { restore: true };

/** Whether a row is one the change would alter. */
const alters = (r: RatedRow, change: Change) =>
  'reject' in change ? !r.rejected : 'restore' in change ? r.rejected : r.favourability_id !== change.favourabilityId;

/** Rates, rejects or restores the named clips of a project; answers how many bin_clips rows changed. 403 for an In-Active client (access/). */
export async function changeClips(db: Db, user: AuthUser, projectId: number, binClipIds: number[], change: Change): Promise<number> {
  const project = await projectForWrite(db, user, projectId);
  const ids = [...new Set(binClipIds)];
  // 'Select all' over a filter that matches nothing changes nothing.
  if (ids.length === 0) return 0;
  // The bins whose rejected rows moved, said once committed.
  const moved = new Set<number>();
  const changed = await db.transaction().execute(async (trx) => {
    const named = await namedRowsOfProject(trx, project.id, ids);
    if (named.length !== ids.length) {
      const found = new Set(named.map((r) => Number(r.id)));
      throw notFound(`Clips not found in project ${projectId}: ${ids.filter((i) => !found.has(i)).join(', ')}`);
    }
    const clipIds = named.map((r) => Number(r.clip_id));
    const rows = await lockRowsOfClips(trx, project.id, clipIds);
    // A rating is also a labelled example for the sentiment model's next retraining
    // (docs/sentiment.md), kept even when it confirms the stored sentiment; the latest rating wins.
    if ('favourabilityId' in change) await saveSentimentLabels(trx, project.id, [...new Set(clipIds)], change.favourabilityId, user.actingAdminId ?? user.id);
    const changing = rows.filter((r) => alters(r, change)).map((r) => Number(r.id));
    if (changing.length === 0) return 0;
    // The rows, bin_hourly and bin_hourly_sentiment move in one statement.
    const updated = await changeBinClips(
      trx,
      changing,
      'reject' in change ? { rejected: true } : 'restore' in change ? { rejected: false } : { favourabilityId: change.favourabilityId },
    );
    if ('favourabilityId' in change) return updated;
    const changingIds = new Set(changing);
    for (const r of rows) if (changingIds.has(Number(r.id))) moved.add(Number(r.bin_id));
    // A reject takes clips out of every figure, a restore brings them back: who did it is kept,
    // on the rows (the person at the keyboard, as the audit log has it) and in the log.
    const reject = 'reject' in change;
    await recordRejectedBy(trx, changing, reject ? { userId: user.actingAdminId ?? user.id, at: new Date() } : null);
    await audit(trx, {
      actor: user,
      action: reject ? 'clips.reject' : 'clips.restore',
      target: `project:${project.id}`,
      detail: { binClipIds: someIds(ids), rows: updated },
    });
    return updated;
  });
  rejectionsMoved(db, [...moved]);
  return changed;
}
