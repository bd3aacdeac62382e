// Every statement of the response queue (docs/responses.md).
import { BRAND_ASSOCIATION, RECIPIENT_TYPES, RESPONSE_QUEUE_MAX } from '@listening/contract';

const RESPONSE_CONTACT = RECIPIENT_TYPES.ResponseContact;
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

/** Projects with a Response Contact (recipient type 3) on an active word bin, with what their queue reads. */
export async function projectsWithResponseContacts(db: Db): Promise<{ id: number; bin_id: number; stream_ids: number[] }[]> {
  const rows = await db
    .selectFrom('projects as p')
    .select(['p.id', 'p.bin_id', 'p.stream_ids'])
    .where('p.is_deleted', '=', false)
    .where('p.bin_id', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('word_bins as w')
          .innerJoin('word_bin_recipients as r', 'r.word_bin_id', 'w.id')
          .select('w.id')
          .whereRef('w.project_id', '=', 'p.id')
          .where('w.is_active', '=', true)
          .where('r.recipient_type_id', '=', RESPONSE_CONTACT),
      ),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, bin_id: r.bin_id!, stream_ids: (r.stream_ids ?? []).map(Number) }));
}

/**
 * The project's Response Contacts who may hear of it: active contacts of its client, each user once.
 * A recipient row naming another client's contact (written by a bug or by hand) tells no one.
 */
export async function responseContacts(db: Db, projectId: number): Promise<{ user_id: number; email: string; name: string }[]> {
  return db
    .selectFrom('word_bins as w')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .innerJoin('word_bin_recipients as r', 'r.word_bin_id', 'w.id')
    .innerJoin('client_contacts as cc', (j) => j.onRef('cc.id', '=', 'r.contact_id').onRef('cc.client_id', '=', 'p.client_id'))
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['u.id as user_id', 'u.email', 'u.name'])
    .distinct()
    .where('w.project_id', '=', projectId)
    .where('w.is_active', '=', true)
    .where('r.recipient_type_id', '=', RESPONSE_CONTACT)
    .where('cc.is_active', '=', true)
    .orderBy('u.id')
    .execute();
}

/** Claims the posts not told about yet: answers those this call claimed (in the caller's transaction). */
export async function claimAlerts(db: Db, projectId: number, clipIds: number[]): Promise<number[]> {
  if (clipIds.length === 0) return [];
  const rows = await db
    .insertInto('response_alerts')
    .values(clipIds.map((clip_id) => ({ project_id: projectId, clip_id })))
    .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doNothing())
    .returning('clip_id')
    .execute();
  return rows.map((r) => r.clip_id);
}

export async function projectName(db: Db, projectId: number): Promise<{ description: string; client_id: number }> {
  return db.selectFrom('projects').select(['description', 'client_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
}
