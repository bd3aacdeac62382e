// Rate limits of generating and sending reports: per user and per client in a sliding hour, a
// 429 that names the limit and says when to try again (Retry-After), nothing done when refused,
// and another client's user cannot spend a client's allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RATE_LIMITS } from '@listening/contract';
import { generateRequest } from './generate.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('report rate limits', () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  /** Three more users of Acme, each with a report of their own. */
  let colleagues: Headers[];
  let projectId: number;
  let analystContact: number;

  beforeAll(async () => {
    t = await createTestApp();
    projectId = t.projects['acme-brand'];
    const { client_id } = await t.db.selectFrom('projects').select('client_id').where('id', '=', projectId).executeTakeFirstOrThrow();
    const analystUser = await t.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow();
    const users = await t.db
      .insertInto('users')
      .values(
        ['lebo', 'sipho', 'naledi'].map((n) => ({
          email: `${n}@acme.example`,
          name: n,
          surname: 'Acme',
          is_admin: false,
          password_hash: analystUser.password_hash,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('client_contacts')
      .values(users.map((u) => ({ user_id: u.id, client_id })))
      .execute();
    analystContact = (
      await t.db.selectFrom('client_contacts').select('id').where('user_id', '=', analystUser.id).where('client_id', '=', client_id).executeTakeFirstOrThrow()
    ).id;
    analyst = await authHeader(t.app, 'analyst@demo.example');
    viewer = await authHeader(t.app, 'viewer@demo.example');
    colleagues = await Promise.all(['lebo', 'sipho', 'naledi'].map((n) => authHeader(t.app, `${n}@acme.example`)));
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'GET', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const report = async (headers: Headers) => {
    const res = await call('POST', '/api/report/create', headers, {
      ProjectId: projectId,
      Name: 'Limits',
      LayoutId: 1,
      TemplateIds: [1],
      RecipientIds: [analystContact],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Id as number;
  };
  const window = (reportId: number) => ({ ReportId: reportId, DateStart: `${day(-1)}T00:00:00`, DateEnd: `${day(0)}T23:59:59` });
  const requests = async () =>
    Number(
      (
        await t.db
          .selectFrom('report_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mails = async () =>
    Number(
      (
        await t.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const refusedIn = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    return Math.ceil(wait / 60);
  };

  it(`refuses a user's ${REPORT_RATE_LIMITS.generatePerUser + 1}st generation within the hour, counting listings and regenerations, naming the limit`, async () => {
    expect(REPORT_RATE_LIMITS).toEqual({ generatePerUser: 20, generatePerClient: 60, sendPerUser: 10, sendPerClient: 30, windowMinutes: 60 });
    const id = await report(analyst);
    const first = await call('POST', '/api/report/generate', analyst, window(id));
    expect(first.statusCode).toBe(200);
    const guid = first.json().Request.Guid;
    for (let i = 1; i < REPORT_RATE_LIMITS.generatePerUser; i++) {
      const path = i % 3 === 0 ? '/api/report/listing/generate' : '/api/report/generate';
      const res = i % 5 === 0 ? await call('POST', `/api/report/regenerate/${guid}`, analyst) : await call('POST', path, analyst, window(id));
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBe(200);
    }
    const made = await requests();
    for (const res of [
      await call('POST', '/api/report/generate', analyst, window(id)),
      await call('POST', '/api/report/listing/generate', analyst, window(id)),
      await call('POST', `/api/report/regenerate/${guid}`, analyst),
    ]) {
      const minutes = refusedIn(res);
      expect(res.json().message).toBe(`Too many reports generated: at most 20 an hour per user. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    expect(await requests()).toBe(made);
    // Another user of the same client is not held back by the analyst's hour.
    expect((await call('POST', '/api/report/generate', colleagues[0], window(await report(colleagues[0])))).statusCode).toBe(200);
  });

  it(`refuses a client's ${REPORT_RATE_LIMITS.generatePerClient + 1}st generation within the hour, whoever asks`, async () => {
    // The analyst's 20 and the first colleague's 1 are counted already.
    const ids = await Promise.all(colleagues.map((h) => report(h)));
    let n = REPORT_RATE_LIMITS.generatePerUser + 1;
    for (const [i, h] of colleagues.entries())
      for (let k = i === 0 ? 1 : 0; k < REPORT_RATE_LIMITS.generatePerUser && n < REPORT_RATE_LIMITS.generatePerClient; k++, n++) {
        const res = await call('POST', '/api/report/generate', h, window(ids[i]));
        expect(res.statusCode, res.body).toBe(200);
      }
    expect(n).toBe(REPORT_RATE_LIMITS.generatePerClient);
    // The last colleague has generated fewer than 20, and is refused for the client's sake.
    const res = await call('POST', '/api/report/generate', colleagues[2], window(ids[2]));
    const minutes = refusedIn(res);
    expect(res.json().message).toBe(
      `Too many reports generated for this client: at most 60 an hour per client. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  });

  it("lets another client's user spend none of this client's allowance: 404 first", async () => {
    const id = (await t.db.selectFrom('reports').select('id').where('project_id', '=', projectId).executeTakeFirstOrThrow()).id;
    const before = await t.db
      .selectFrom('report_rate_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect((await call('POST', '/api/report/generate', viewer, window(id))).statusCode).toBe(404);
    const after = await t.db
      .selectFrom('report_rate_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it(`refuses a user's ${REPORT_RATE_LIMITS.sendPerUser + 1}th send and a client's ${REPORT_RATE_LIMITS.sendPerClient + 1}st within the hour, queueing nothing`, async () => {
    // Earlier generations are an hour old now: the hour slides.
    await t.db
      .updateTable('report_rate_events')
      .set({ created_at: new Date(Date.now() - 61 * 60_000) })
      .execute();
    const ready = async (h: Headers) => {
      const g = await call('POST', '/api/report/generate', h, window(await report(h)));
      expect(g.statusCode, g.body).toBe(200);
      await generateRequest(t.db, g.json().Request.Guid, { publicUrl: 'http://localhost', smtp: false });
      return g.json().Request.Guid as string;
    };
    const [mine, ...theirs] = await Promise.all([analyst, ...colleagues].map(ready));
    for (let i = 0; i < REPORT_RATE_LIMITS.sendPerUser; i++) expect((await call('POST', `/api/report/send/${mine}`, analyst)).statusCode).toBe(200);
    let queued = await mails();
    const user = await call('POST', `/api/report/send/${mine}`, analyst);
    let minutes = refusedIn(user);
    expect(user.json().message).toBe(`Too many reports sent: at most 10 sends an hour per user. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    expect(await mails()).toBe(queued);
    for (const [i, guid] of theirs.slice(0, 2).entries())
      for (let k = 0; k < REPORT_RATE_LIMITS.sendPerUser; k++) expect((await call('POST', `/api/report/send/${guid}`, colleagues[i])).statusCode).toBe(200);
    queued = await mails();
    const client = await call('POST', `/api/report/send/${theirs[2]}`, colleagues[2]);
    minutes = refusedIn(client);
    expect(client.json().message).toBe(
      `Too many reports sent for this client: at most 30 sends an hour per client. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    expect(await mails()).toBe(queued);
  });
});
