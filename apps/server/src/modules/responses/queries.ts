// Every statement of the response queue (docs/responses.md).
import { BRAND_ASSOCIATION, RESPONSE_QUEUE_MAX } from '@listening/contract';
import type { Db } from '../../db/connection.ts';

export interface AddressedPost {
  clip_id: number;
  stream_id: number;
  favourability_id: number;
  posted_at: Date;
  body: string;
  link: string | null;
  in_reply_to_handle: string | null;
  author: string | null;
  handle: string | null;
  mark: 'answered' | 'no_reply' | null;
  marked_at: Date | null;
  /** The first reply to it by one of the project's own accounts, as collected. */
  replied_at: Date | null;
}

/**
 * The scope's posts addressed to the project's own accounts (replies to them and mentions of them:
 * Earned), newest first, at most RESPONSE_QUEUE_MAX + 1 (one more says the range held more), with
 * a person's mark and the first own reply collected.
 */
export async function addressedPosts(db: Db, s: { projectId: number; binId: number; streams: number[]; from: Date; to: Date }): Promise<AddressedPost[]> {
  const rows = await db
    .selectFrom('bin_clips as bc')
    .innerJoin('clips as c', 'c.id', 'bc.clip_id')
    .leftJoin('authors as a', 'a.id', 'bc.author_id')
    .leftJoin('response_marks as m', (j) => j.onRef('m.clip_id', '=', 'bc.clip_id').on('m.project_id', '=', s.projectId))
    .select((eb) => [
      'bc.clip_id',
      'bc.stream_id',
      'bc.favourability_id',
      'bc.posted_at',
      'c.body',
      'c.link',
      'c.in_reply_to_handle',
      'a.name as author',
      'a.handle',
      'm.status as mark',
      'm.marked_at',
      eb
        .selectFrom('clips as r')
        .innerJoin('bin_clips as rb', 'rb.clip_id', 'r.id')
        .select((e) => e.fn.min('r.posted_at').as('at'))
        .whereRef('r.stream_id', '=', 'c.stream_id')
        .whereRef('r.parent_external_id', '=', 'c.external_id')
        .whereRef('rb.bin_id', '=', 'bc.bin_id')
        .where('rb.brand_association_id', '=', BRAND_ASSOCIATION.Owned)
        .as('replied_at'),
    ])
    .where('bc.bin_id', '=', s.binId)
    .where('bc.brand_association_id', '=', BRAND_ASSOCIATION.Earned)
    .where('bc.rejected', '=', false)
    .where('bc.stream_id', 'in', s.streams.length ? s.streams : [-1])
    .where('bc.posted_at', '>=', s.from)
    .where('bc.posted_at', '<', s.to)
    .orderBy('bc.posted_at', 'desc')
    .orderBy('bc.clip_id', 'desc')
    .limit(RESPONSE_QUEUE_MAX + 1)
    .execute();
  return rows as AddressedPost[];
}

/** Whether the clip is one of the project's posts (a mark names only those). */
export async function projectHasClip(db: Db, binId: number, clipId: number): Promise<boolean> {
  const row = await db.selectFrom('bin_clips').select('id').where('bin_id', '=', binId).where('clip_id', '=', clipId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function setMark(db: Db, m: { projectId: number; clipId: number; status: 'answered' | 'no_reply'; userId: number }): Promise<void> {
  await db
    .insertInto('response_marks')
    .values({ project_id: m.projectId, clip_id: m.clipId, status: m.status, marked_by: m.userId })
    .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doUpdateSet({ status: m.status, marked_by: m.userId, marked_at: new Date() }))
    .execute();
}

export async function clearMark(db: Db, projectId: number, clipId: number): Promise<void> {
  await db.deleteFrom('response_marks').where('project_id', '=', projectId).where('clip_id', '=', clipId).execute();
}
