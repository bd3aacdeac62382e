// Report files kept in storage and handed out as bytes: the download answers the file itself with
// its media type and name; a send to N recipients stores the file once and each outbox row refers
// to it, and the sender attaches it from storage; finished outbox rows are purged after the
// retention, and then the files nothing refers to any more.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { generateRequest } from './generate.ts';
import { purgeOutboxAndFiles } from './purge.ts';
import { authHeader, createTestAppWithSmtp, type SmtpTestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('report files in storage', () => {
  let t: SmtpTestContext;
  let analyst: Headers;
  let admin: Headers;
  let projectId: number;
  let recipients: number[];

  beforeAll(async () => {
    t = await createTestAppWithSmtp();
    [analyst, admin] = await Promise.all(['analyst', 'admin'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    projectId = t.projects['acme-brand'];
    const { client_id } = await t.db.selectFrom('projects').select('client_id').where('id', '=', projectId).executeTakeFirstOrThrow();
    // The analyst and two more contacts of Acme receive the report.
    const { id: analystUser } = await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow();
    const others = await t.db
      .insertInto('users')
      .values(['lebo', 'sipho'].map((n) => ({ email: `${n}@acme.example`, name: n, surname: 'Acme', is_admin: false })))
      .returning('id')
      .execute();
    await t.db
      .insertInto('client_contacts')
      .values(others.map((u) => ({ user_id: u.id, client_id })))
      .execute();
    recipients = (
      await t.db
        .selectFrom('client_contacts')
        .select('id')
        .where('client_id', '=', client_id)
        .where('user_id', 'in', [analystUser, ...others.map((u) => u.id)])
        .orderBy('id')
        .execute()
    ).map((c) => c.id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Headers = analyst, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const generated = async (over: object = {}) => {
    const saved = await call('POST', '/api/report/create', analyst, {
      ProjectId: projectId,
      Name: 'Board pack',
      Kind: 'stats',
      LayoutId: 3,
      TemplateIds: [3],
      RecipientIds: recipients,
      ...over,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const g = await call('POST', '/api/report/generate', analyst, {
      ReportId: saved.json().Id,
      DateStart: `${day(-7)}T00:00:00`,
      DateEnd: `${day(0)}T23:59:59`,
    });
    const guid: string = g.json().Request.Guid;
    const early = await call('GET', `/api/report/download/${guid}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still generating/);
    await generateRequest(t.db, guid, { publicUrl: 'http://localhost', smtp: true });
    return guid;
  };

  it("answers the file's bytes with its media type and name; the specification's base64 answer holds the same bytes", async () => {
    const guid = await generated();
    const res = await call('GET', `/api/report/download/${guid}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="Board-pack-[\d-]+\.pdf"; filename\*=UTF-8''Board-pack-[\d-]+\.pdf$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const json = await call('GET', `/api/report/download/${guid}`);
    expect(json.json().FileName).toMatch(/^Board-pack-.*\.pdf$/);
    expect(Buffer.from(json.json().Data, 'base64').equals(res.rawPayload)).toBe(true);
  });

  it('stores the file once for three recipients: each outbox row refers to it, and the sender attaches it from storage', async () => {
    const guid = await generated();
    const file = (await call('GET', `/api/report/download/${guid}/file`)).rawPayload;
    const { file_id } = await t.db.selectFrom('report_requests').select('file_id').where('guid', '=', guid).executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const sent = await call('POST', `/api/report/send/${guid}`);
    expect(sent.json()).toEqual({ Success: true, Message: 'Report sent to 3 contact(s)', Count: 3 });
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['id', 'to', 'attachments'])
      .where('id', '>', Number(before.id ?? 0))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.to).sort()).toEqual(['analyst@demo.example', 'lebo@acme.example', 'sipho@acme.example']);
    // No copy of the file in the outbox rows: each names the one stored file.
    expect(rows.map((r) => r.attachments)).toEqual([null, null, null]);
    const refs = await t.db
      .selectFrom('mail_attachments')
      .select(['outbox_id', 'file_id', 'file_name', 'content_type'])
      .where(
        'outbox_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(refs).toHaveLength(3);
    expect(new Set(refs.map((r) => r.file_id))).toEqual(new Set([file_id]));
    const stored = await t.db
      .selectFrom('report_file_chunks')
      .select((eb) => eb.fn.sum<number>(eb.fn('length', ['data'])).as('bytes'))
      .where('file_id', '=', file_id!)
      .executeTakeFirstOrThrow();
    expect(Number(stored.bytes)).toBe(file.length);

    await t.mailer.flush();
    const delivered = t.smtp.received.filter((m) => m.subject === 'Stats Analysis report: Board pack');
    expect(delivered.map((m) => m.to).sort()).toEqual(['analyst@demo.example', 'lebo@acme.example', 'sipho@acme.example']);
    for (const m of delivered) {
      const part = m.body.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p))!;
      expect(part).toMatch(/filename="?Board-pack-[\d-]+\.pdf/);
      const base64 = part
        .split(/\r?\n\r?\n/)[1]
        .replace(/\s+/g, '')
        .replace(/--.*$/, '');
      expect(Buffer.from(base64, 'base64').equals(file)).toBe(true);
    }
  });

  it('purges finished outbox rows after the retention, then the files nothing refers to; pending mail and the outbox screen stay', async () => {
    expect(loadConfig({}).outboxRetentionDays).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).outboxRetentionDays).toBe(7);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const file = async (createdDaysAgo: number) => {
      const id = randomUUID();
      await t.db
        .insertInto('report_files')
        .values({ id, size: 3, created_at: ago(createdDaysAgo) })
        .execute();
      await t.db
        .insertInto('report_file_chunks')
        .values({ file_id: id, seq: 0, data: Buffer.from('abc') })
        .execute();
      return id;
    };
    const mail = async (status: string, daysAgo: number, fileId?: string) => {
      const { id } = await t.db
        .insertInto('mail_outbox')
        .values({
          to: `${status}-${daysAgo}@acme.example`,
          subject: 'Purge',
          text: 'x',
          status,
          created_at: ago(daysAgo),
          sent_at: status === 'sent' ? ago(daysAgo) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (fileId)
        await t.db
          .insertInto('mail_attachments')
          .values({ outbox_id: id, position: 0, file_id: fileId, file_name: 'a.pdf', content_type: 'application/pdf' })
          .execute();
      return id;
    };
    const [onlyOld, onlyRecent, orphan, fresh, requested] = [await file(40), await file(40), await file(2), await file(0), await generated()];
    const { file_id: requestedFile } = await t.db.selectFrom('report_requests').select('file_id').where('guid', '=', requested).executeTakeFirstOrThrow();
    const oldSent = await mail('sent', 31, onlyOld);
    const recentSent = await mail('sent', 29, onlyRecent);
    const oldPending = await mail('pending', 40);
    const oldFailed = await mail('failed', 31);
    const oldKept = await mail('kept', 31, requestedFile!);

    const purged = await purgeOutboxAndFiles(t.db, { retentionDays: 30, now });
    expect(purged.mails).toBeGreaterThanOrEqual(3);
    const left = new Set((await t.db.selectFrom('mail_outbox').select('id').execute()).map((r) => r.id));
    expect([oldSent, oldFailed, oldKept].filter((id) => left.has(id))).toEqual([]);
    expect([recentSent, oldPending].every((id) => left.has(id))).toBe(true);
    const files = new Set((await t.db.selectFrom('report_files').select('id').execute()).map((r) => r.id));
    // Nothing refers to these any more (the second never completed: a worker died while writing it).
    expect(files.has(onlyOld)).toBe(false);
    expect(files.has(orphan)).toBe(false);
    // Still referred to by a mail, by a request, or being written now.
    expect(files.has(onlyRecent)).toBe(true);
    expect(files.has(requestedFile!)).toBe(true);
    expect(files.has(fresh)).toBe(true);
    expect(await t.db.selectFrom('report_file_chunks').select('file_id').where('file_id', 'in', [onlyOld, orphan]).execute()).toEqual([]);

    const screen = await call('GET', '/api/admin/outbox', admin);
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('sent-29@acme.example');
  });
});
