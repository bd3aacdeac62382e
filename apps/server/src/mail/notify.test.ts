import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { seedProject } from '../ingest/testing.ts';
import { countRows, migratedTestDb } from '../test/harness.ts';
import { notifyRecipients, type Recipient } from './notify.ts';

let h: DbHandle;
let people: Recipient[];
let projectId: number;

beforeAll(async () => {
  h = await migratedTestDb();
  projectId = (await seedProject(h.db, { name: 'Notify SA' })).projectId;
  people = [];
  for (const email of ['ann@notify.example', 'ben@notify.example']) {
    const u = await h.db.insertInto('users').values({ email, name: email }).returning('id').executeTakeFirstOrThrow();
    people.push({ userId: u.id, mail: { to: email, subject: 'Hello', text: 'It happened.', idempotencyKey: `notify-test:${email}` } });
  }
});
afterAll(async () => h?.close());

const bell = () => ({ description: 'It happened.', typeId: 2, projectId, link: `/project/${projectId}` });
const count = (table: 'mail_outbox' | 'notifications') => countRows(h.db, table);

describe('notifyRecipients', () => {
  it('queues a mail each and rings each user once; told again, queues no mail twice', async () => {
    // The same user twice (two contacts of one person) gets one bell.
    const twice = [...people, { ...people[0], mail: { ...people[0].mail, idempotencyKey: 'notify-test:ann-second' } }];
    expect(await notifyRecipients(h.db, twice, bell(), { smtp: false })).toBe(3);
    expect([await count('mail_outbox'), await count('notifications')]).toEqual([3, 2]);
    const row = await h.db.selectFrom('notifications').selectAll().where('user_id', '=', people[1].userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'It happened.', notification_type_id: 2, project_id: projectId, link: `/project/${projectId}` });
    // 'mailed': only those whose mail is new now hear of it.
    expect(await notifyRecipients(h.db, twice, bell(), { smtp: false, bell: 'mailed' })).toBe(0);
    expect([await count('mail_outbox'), await count('notifications')]).toEqual([3, 2]);
    // 'all' (the default): the event is new (its own guard said so), every recipient's bell rings.
    expect(await notifyRecipients(h.db, people, bell(), { smtp: false })).toBe(0);
    expect(await count('notifications')).toBe(4);
  });
});
