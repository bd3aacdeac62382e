// The SQL of Ave calc's: a client's CPM table and a project's post to work through the formula.
// Revaluing a client's stored posts when its CPM changes is the ledger's (ledger/revalue.ts).
import type { Db } from '../../db/connection.ts';

export function clientCpm(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['id', 'name', 'cpm']).where('id', '=', clientId).executeTakeFirst();
}

/** The bin's most recent post (not rejected) with an AVE, with what the formula reads. */
export function latestValuedPost(db: Db, binId: number) {
  return db
    .selectFrom('bin_clips')
    .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
    .leftJoin('authors', 'authors.id', 'clips.author_id')
    .select([
      'clips.id',
      'clips.stream_id',
      'clips.body',
      'clips.posted_at',
      'clips.likes',
      'clips.comments',
      'clips.shares',
      'clips.views',
      'clips.impressions',
      'authors.name as author_name',
      'authors.followers',
      'bin_clips.ave',
    ])
    .where('bin_clips.bin_id', '=', binId)
    .where('bin_clips.rejected', '=', false)
    .where('bin_clips.ave', '>', 0)
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setClientCpm(trx: Db, clientId: number, cpm: Record<string, number> | null): Promise<void> {
  await trx
    .updateTable('clients')
    .set({ cpm: cpm === null ? null : JSON.stringify(cpm) })
    .where('id', '=', clientId)
    .execute();
}
