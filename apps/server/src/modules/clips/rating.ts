// Rating and rejecting clips (000 §4): the named bin_clips rows must all belong to the project
// (else 404 and nothing changes); the change applies to the same clips' rows in every bin of the
// project, so a rating made in a sort bin also moves the project's figures. bin_hourly moves in
// the same transaction (bin_hourly_sentiment follows by its triggers).
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForUser } from '../clients/access.ts';

const HOUR = 3_600_000;

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

export interface RollupDelta {
  bin_id: number;
  stream_id: number;
  hour: Date;
  clips: number;
  ave: number;
  positive: number;
  neutral: number;
  negative: number;
  owned: number;
  earned: number;
  chatter: number;
}

const favColumn = (id: number): 'positive' | 'neutral' | 'negative' => (id === 1 ? 'positive' : id === 3 ? 'negative' : 'neutral');
const baColumn = (id: number): 'owned' | 'earned' | 'chatter' => (id === 1 ? 'owned' : id === 2 ? 'earned' : 'chatter');

/** How bin_hourly moves when `change` is applied to `rows` (rejected rows count nowhere). */
export function rollupDeltas(rows: RatedRow[], change: Change): RollupDelta[] {
  const out = new Map<string, RollupDelta>();
  for (const r of rows) {
    if (r.rejected) continue;
    if ('favourabilityId' in change && change.favourabilityId === r.favourability_id) continue;
    const hour = new Date(Math.floor(new Date(r.posted_at).getTime() / HOUR) * HOUR);
    const key = `${r.bin_id}/${r.stream_id}/${hour.getTime()}`;
    let d = out.get(key);
    if (!d) out.set(key, (d = { bin_id: r.bin_id, stream_id: r.stream_id, hour, clips: 0, ave: 0, positive: 0, neutral: 0, negative: 0, owned: 0, earned: 0, chatter: 0 }));
    d[favColumn(r.favourability_id)] -= 1;
    if ('favourabilityId' in change) d[favColumn(change.favourabilityId)] += 1;
    else {
      d.clips -= 1;
      d.ave -= Number(r.ave);
      d[baColumn(r.brand_association_id)] -= 1;
    }
  }
  return [...out.values()];
}

async function applyDeltas(trx: Transaction<Database> | Kysely<Database>, deltas: RollupDelta[]): Promise<void> {
  for (const d of deltas) {
    await trx
      .updateTable('bin_hourly')
      .set((eb) => ({
        clips: eb('clips', '+', d.clips),
        ave: eb('ave', '+', d.ave),
        positive: eb('positive', '+', d.positive),
        neutral: eb('neutral', '+', d.neutral),
        negative: eb('negative', '+', d.negative),
        owned: eb('owned', '+', d.owned),
        earned: eb('earned', '+', d.earned),
        chatter: eb('chatter', '+', d.chatter),
      }))
      .where('bin_id', '=', d.bin_id)
      .where('stream_id', '=', d.stream_id)
      .where('hour', '=', d.hour)
      .execute();
  }
}

/** Rates or rejects the named clips of a project; answers how many bin_clips rows changed. */
export async function changeClips(db: Db, user: AuthUser, projectId: number, binClipIds: number[], change: Change): Promise<number> {
  const project = await projectForUser(db, user, projectId);
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
      .where('clip_id', 'in', named.map((r) => Number(r.clip_id)))
      .orderBy('id')
      .forUpdate()
      .execute()) as RatedRow[];
    const changing = rows.filter((r) => ('reject' in change ? !r.rejected : r.favourability_id !== change.favourabilityId));
    if (changing.length === 0) return 0;
    await trx
      .updateTable('bin_clips')
      .set('reject' in change ? { rejected: true } : { favourability_id: change.favourabilityId })
      .where('id', 'in', changing.map((r) => Number(r.id)))
      .execute();
    await applyDeltas(trx, rollupDeltas(changing, change));
    return changing.length;
  });
}
