// A word bin for the delivery and spike tests: a project (ingest/testing.ts seedProject), users
// who are contacts of its client and recipients of the bin, and matches made directly in
// word_bin_clips (matching itself is ingestion's, tested there).
import type { Db } from '../db/connection.ts';
import { seedProject } from '../ingest/testing.ts';
import type { App } from '../types.ts';
import type { Auth } from './harness.ts';

export interface WordBinFixture {
  clientId: number;
  projectId: number;
  wordBinId: number;
  /** Recipient emails in recipient order, and their user ids. */
  emails: string[];
  userIds: number[];
  recipientIds: number[];
}

let seq = 0;

export async function seedWordBin(
  db: Db,
  opts: { recipients?: number; interval?: number; type?: 1 | 2; start?: Date; name?: string } = {},
): Promise<WordBinFixture> {
  const tag = `${process.pid}-${++seq}`;
  const p = await seedProject(db, { name: `Client ${tag}` });
  const start = opts.start ?? new Date(Date.now() - 3600_000);
  const bin = await db
    .insertInto('word_bins')
    .values({
      client_id: p.clientId,
      project_id: p.projectId,
      description: opts.name ?? 'Product recall',
      word_bin_type_id: opts.type ?? 1,
      notification_interval: opts.interval ?? 0,
      start_date: start,
      stop_date: new Date(start.getTime() + 30 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('word_bin_keywords').values({ word_bin_id: bin.id, value: 'recall', operator_id: 2, position: 0 }).execute();
  const emails: string[] = [];
  const userIds: number[] = [];
  const recipientIds: number[] = [];
  for (let i = 0; i < (opts.recipients ?? 3); i++) {
    const email = `recipient${i}-${tag}@example.test`;
    const u = await db
      .insertInto('users')
      .values({ email, name: `Recipient ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await db.insertInto('client_contacts').values({ user_id: u.id, client_id: p.clientId }).returning('id').executeTakeFirstOrThrow();
    const r = await db
      .insertInto('word_bin_recipients')
      .values({ word_bin_id: bin.id, contact_id: c.id, recipient_type_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    emails.push(email);
    userIds.push(u.id);
    recipientIds.push(r.id);
  }
  return { clientId: p.clientId, projectId: p.projectId, wordBinId: bin.id, emails, userIds, recipientIds };
}

/** Stores posts and records them as the bin's matches at `matchedAt` (each may differ), in a few batched statements. */
export async function addMatches(
  db: Db,
  wordBinId: number,
  posts: { body: string; matchedAt: Date; author?: string; streamId?: number; link?: string; terms?: string[] }[],
): Promise<number[]> {
  if (posts.length === 0) return [];
  const authorKey = (p: (typeof posts)[number]) => `${p.streamId ?? 7}:${p.author ?? 'Sipho'}`;
  const authorIds = new Map<string, number>();
  for (const key of new Set(posts.map(authorKey))) {
    const [streamId, name] = [Number(key.split(':')[0]), key.slice(key.indexOf(':') + 1)];
    const a = await db
      .insertInto('authors')
      .values({ stream_id: streamId, external_id: `a-${name}`, name, handle: name.toLowerCase() })
      .onConflict((oc) => oc.columns(['stream_id', 'external_id']).doUpdateSet({ name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    authorIds.set(key, a.id);
  }
  const ids: number[] = [];
  for (let i = 0; i < posts.length; i += 500) {
    const batch = posts.slice(i, i + 500);
    const clips = await db
      .insertInto('clips')
      .values(
        batch.map((p) => ({
          stream_id: p.streamId ?? 7,
          external_id: `wb-${wordBinId}-${++seq}`,
          author_id: authorIds.get(authorKey(p))!,
          body: p.body,
          posted_at: p.matchedAt,
          link: p.link ?? `https://x.com/i/status/${seq}`,
        })),
      )
      .returning('id')
      .execute();
    const clipIds = clips.map((c) => Number(c.id));
    await db
      .insertInto('clip_enrichment')
      .values(batch.map((p, j) => ({ clip_id: clipIds[j], classification_id: 4, terms: p.terms ?? [] })))
      .execute();
    await db
      .insertInto('word_bin_clips')
      .values(batch.map((p, j) => ({ word_bin_id: wordBinId, clip_id: clipIds[j], matched_at: p.matchedAt })))
      .execute();
    ids.push(...clipIds);
  }
  return ids;
}

/**
 * Saves a list (word bin type 1) of one keyword through the API as the user of `headers`, with no
 * recipients and no notifications, running from 2024 to 2030 unless `StopDate` says otherwise.
 */
export function saveWordBin(app: App, headers: Auth, bin: { Description: string; ProjectId: number; keyword: string; StopDate?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/wordbins/save',
    headers,
    payload: {
      Description: bin.Description,
      ProjectId: bin.ProjectId,
      WordBinTypeId: 1,
      NotificationInterval: 0,
      StartDate: '2024-01-01T00:00:00.000Z',
      StopDate: bin.StopDate ?? '2030-01-01T00:00:00.000Z',
      Keywords: [{ Value: bin.keyword, OperatorId: 1 }],
      Recipients: [],
    },
  });
}
