import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { ingestPosts } from '../../ingest/index.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { alertWaitingResponses } from './alerting.ts';
import { responseContacts } from './queries.ts';

const NOW = new Date('2024-06-03T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const OWNED = { externalId: 'acme-1', name: 'Acme SA', handle: 'AcmeSA', followers: 50_000 };

describe('response alerts', () => {
  let h: DbHandle;
  let p: SeededProject;
  const run = () => alertWaitingResponses(h.db, { publicUrl: 'http://listening.test', smtp: false, now: NOW });
  const outbox = () => h.db.selectFrom('mail_outbox').select(['to', 'subject', 'text']).orderBy('id').execute();

  beforeAll(async () => {
    h = await migratedTestDb();
    p = await seedProject(h.db, { name: 'Alerted Co', profile: { streamId: 7, externalId: OWNED.externalId, handle: OWNED.handle } });
    // A Response Contact (recipient type 3) and an Alert Contact (type 1) on one of the project's word bins.
    const users = await h.db
      .insertInto('users')
      .values([
        { email: 'responder@alerted.example', name: 'Rea', password_hash: null },
        { email: 'alerts-only@alerted.example', name: 'Al', password_hash: null },
      ])
      .returning('id')
      .execute();
    const contacts = await h.db
      .insertInto('client_contacts')
      .values(users.map((u) => ({ client_id: p.clientId, user_id: u.id })))
      .returning('id')
      .execute();
    const bin = await h.db
      .insertInto('word_bins')
      .values({
        client_id: p.clientId,
        project_id: p.projectId,
        description: 'Service',
        start_date: new Date('2024-01-01'),
        stop_date: new Date('2025-01-01'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('word_bin_recipients')
      .values([
        { word_bin_id: bin.id, contact_id: contacts[0].id, recipient_type_id: 3 },
        { word_bin_id: bin.id, contact_id: contacts[1].id, recipient_type_id: 1 },
      ])
      .execute();
    // Another client's contact named as a Response Contact of this project's bin: never told.
    const other = await h.db.insertInto('clients').values({ name: 'Other Co' }).returning('id').executeTakeFirstOrThrow();
    const stranger = await h.db
      .insertInto('users')
      .values({ email: 'stranger@other.example', name: 'St', password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await h.db.insertInto('client_contacts').values({ client_id: other.id, user_id: stranger.id }).returning('id').executeTakeFirstOrThrow();
    await h.db.insertInto('word_bin_recipients').values({ word_bin_id: bin.id, contact_id: foreign.id, recipient_type_id: 3 }).execute();
    invalidateRules(h.db);
    await ingestPosts(h.db, [
      makePost('@AcmeSA where is my acme order?', { externalId: 'late', inReplyToHandle: 'AcmeSA', postedAt: ago(90) }),
      makePost('@AcmeSA my acme router is down again', { externalId: 'fresh', inReplyToHandle: 'AcmeSA', postedAt: ago(10) }),
      makePost('@AcmeSA how do I top up acme data?', { externalId: 'answered', inReplyToHandle: 'AcmeSA', postedAt: ago(120) }),
      makePost('Here is how to top up your acme data', { externalId: 'reply', parentExternalId: 'answered', author: OWNED, postedAt: ago(100) }),
      makePost('love my acme phone @AcmeSA', { externalId: 'praise', postedAt: ago(95) }),
    ]);
  });
  afterAll(() => h.close());

  it('tells the Response Contacts once of each post that waited past the wait without a response, in one mail', async () => {
    expect(await run()).toEqual([{ projectId: p.projectId, posts: 1, mails: 1 }]);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('responder@alerted.example');
    expect(mails[0].subject).toBe('1 post waiting for a response: Alerted Co');
    expect(mails[0].text).toContain('where is my acme order?');
    expect(mails[0].text).toContain('question to @AcmeSA, neutral, unanswered 1 h 30 min');
    expect(mails[0].text).not.toContain('router');
    expect(mails[0].text).toMatch(/Stop these response alerts: http:\/\/listening\.test\/unsubscribe#token=/);
    const bells = await h.db.selectFrom('notifications').select(['description', 'project_id']).execute();
    expect(bells).toEqual([{ description: '1 post waiting for a response: Alerted Co', project_id: p.projectId }]);

    // Told once: the next run finds nothing new.
    expect(await run()).toEqual([]);
    expect(await outbox()).toHaveLength(1);
  });

  it("counts only the project's own client's contacts as its Response Contacts", async () => {
    expect((await responseContacts(h.db, p.projectId)).map((c) => c.email)).toEqual(['responder@alerted.example']);
  });

  it('tells of a post once it has waited long enough, and never of one a person marked', async () => {
    const later = () => alertWaitingResponses(h.db, { publicUrl: 'http://listening.test', smtp: false, now: new Date(NOW.getTime() + 60 * 60_000) });
    await ingestPosts(h.db, [makePost('@AcmeSA please call me about my acme bill', { externalId: 'marked', inReplyToHandle: 'AcmeSA', postedAt: ago(70) })]);
    const marked = await h.db.selectFrom('clips').select('id').where('external_id', '=', 'marked').executeTakeFirstOrThrow();
    await h.db.insertInto('response_marks').values({ project_id: p.projectId, clip_id: marked.id, status: 'no_reply' }).execute();
    expect(await later()).toEqual([{ projectId: p.projectId, posts: 1, mails: 1 }]);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('router is down again');
    expect(mails[1].text).not.toContain('call me');
  });
});
