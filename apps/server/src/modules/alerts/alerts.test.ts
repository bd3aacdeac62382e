// Alerts (alert/getall, alert/save, DELETE alert/{id}), the signed-in contact's subscriptions
// (report/contact/notifications and its unsubscribe) and the unsubscribe link of every mail, on
// the demo tenant: the analyst is a contact of Acme (which owns Notifications) and Mzansi (which
// does not); the viewer is a contact of Karoo only.
import { ALERT_MESSAGES, lockedMessage } from '@listening/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../mail/signing.ts';
import { LEGACY_WORD_BIN_PURPOSE, unsubscribeUrl } from '../../mail/unsubscribe.ts';
import { authHeader, contactIdOf, createTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let analyst: { authorization: string };
let viewer: { authorization: string };
/** client_contacts ids: the analyst at Acme, a second Acme contact, the viewer at Karoo. */
let me: number;
let colleague: number;
let stranger: number;
let acmeClient: number;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await authHeader(t.app, 'analyst@demo.example');
  viewer = await authHeader(t.app, 'viewer@demo.example');
  me = await contactIdOf(t.db, 'analyst@demo.example', 'Acme Beverages');
  stranger = await contactIdOf(t.db, 'viewer@demo.example', 'Karoo Outdoor Co.');
  acmeClient = (await t.db.selectFrom('clients').select('id').where('name', '=', 'Acme Beverages').executeTakeFirstOrThrow()).id;
  const u = await t.db
    .insertInto('users')
    .values({ email: 'colleague@acme.example', name: 'Colleague', surname: 'Acme' })
    .returning('id')
    .executeTakeFirstOrThrow();
  colleague = (await t.db.insertInto('client_contacts').values({ user_id: u.id, client_id: acmeClient }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const save = (headers: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/alert/save', headers, payload });
const list = (headers: { authorization: string }, projectId: number) =>
  t.app.inject({ method: 'GET', url: `/api/alert/getall?projectId=${projectId}`, headers });
const alertCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('alerts', () => {
  it('keeps an alert’s sentiment and keyword filters, and names a bad one', async () => {
    const projectId = t.projects['acme-brand'];
    const base = { name: 'Angry about prices', projectId, recipientIds: `${me}`, interval: 15, startDate: '2026-03-02' };
    const res = await save(analyst, { ...base, sentimentId: 3, keyword: '  price rise ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ SentimentId: 3, Keyword: 'price rise' });
    const plain = await save(analyst, base);
    expect(plain.json()).toMatchObject({ SentimentId: 0, Keyword: null });
    for (const id of [res.json().Id, plain.json().Id]) await t.app.inject({ method: 'DELETE', url: `/api/alert/${id}`, headers: analyst });
    const bad = await save(analyst, { ...base, sentimentId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sentimentId must be 0 (any), 1 (Neutral), 2 (Positive) or 3 (Negative)');
    const symbols = await save(analyst, { ...base, keyword: '!!!' });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().message).toContain("Keyword '!!!' has no searchable word");
  });

  it('schedules an alert, lists it with its recipients and deletes it', async () => {
    const projectId = t.projects['acme-brand'];
    const res = await save(analyst, { name: 'Brand mentions', projectId, recipientIds: `${me},${colleague}`, interval: 15, startDate: '2026-03-02' });
    expect(res.statusCode).toBe(200);
    const alert = res.json();
    // 00:00 on the client's clock (Africa/Johannesburg, UTC+2), stored as that instant.
    expect(alert).toMatchObject({ Name: 'Brand mentions', ProjectId: projectId, Interval: 15, StartDate: '2026-03-02T00:00:00', RecipientCount: 2 });
    const stored = await t.db.selectFrom('alerts').select('start_date').where('id', '=', alert.Id).executeTakeFirstOrThrow();
    expect(stored.start_date.toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(alert.Recipients.map((r: { ContactId: number }) => r.ContactId).sort()).toEqual([me, colleague].sort());

    const listed = await list(analyst, projectId);
    expect(listed.json()).toEqual([alert]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/alert/${alert.Id}`, headers: analyst });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ Id: alert.Id, Message: ALERT_MESSAGES.deleted });
    expect((await list(analyst, projectId)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alert/${alert.Id}`, headers: analyst })).statusCode).toBe(404);
  });

  it('refuses no recipient, an unknown interval, a bad date and contacts of another client, saving nothing', async () => {
    const projectId = t.projects['acme-brand'];
    const base = { name: 'Refused', projectId, recipientIds: String(me), interval: 0, startDate: '2026-03-02T08:00' };
    const before = await alertCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...base, recipientIds: '' }, ALERT_MESSAGES.noRecipient],
      [{ ...base, recipientIds: ' , ' }, ALERT_MESSAGES.noRecipient],
      [{ ...base, recipientIds: '12,abc' }, /recipientIds must be a comma list of contact ids/],
      [{ ...base, interval: 7 }, /interval must be one of 0, 5, 10, 15, 30, 60, 360, 720, 1440/],
      [{ ...base, startDate: 'tomorrow' }, /startDate must be a date/],
      [{ ...base, name: '  ' }, /name is required/],
      [{ ...base, recipientIds: `${me},${stranger}` }, new RegExp(`recipientIds ${stranger} is not an active contact of this project's client`)],
    ];
    for (const [payload, message] of cases) {
      const res = await save(analyst, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await alertCount()).toBe(before);
  });

  it("answers 404 for another client's project or alert, and 403 naming the product where Notifications is locked", async () => {
    const projectId = t.projects['acme-brand'];
    const mine = (await save(analyst, { name: 'Kept', projectId, recipientIds: String(me), interval: 60, startDate: '2026-03-02' })).json();
    expect((await list(viewer, projectId)).statusCode).toBe(404);
    expect((await save(viewer, { name: 'Intruder', projectId, recipientIds: String(stranger), interval: 0, startDate: '2026-03-02' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alert/${mine.Id}`, headers: viewer })).statusCode).toBe(404);
    expect(await t.db.selectFrom('alerts').select('id').where('id', '=', mine.Id).executeTakeFirst()).toBeDefined();

    const locked = await list(analyst, t.projects['mzansi-hashtag']);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(lockedMessage('Notifications'));
  });
});

describe('subscriptions', () => {
  it("lists the contact's scheduled reports, lists and alerts with their frequencies, and unsubscribes from each once", async () => {
    const projectId = t.projects['acme-brand'];
    const alert = (
      await save(analyst, { name: 'Hourly brand alert', projectId, recipientIds: `${me},${colleague}`, interval: 360, startDate: '2026-03-02' })
    ).json();
    const report = await t.db
      .insertInto('reports')
      .values({ client_id: acmeClient, project_id: projectId, name: 'Weekly brand report', layout_id: 3, template_ids: [3], stream_ids: [7, 8, 9] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('report_recipients').values({ report_id: report.id, contact_id: me }).execute();
    await t.db
      .insertInto('report_schedules')
      .values({ report_id: report.id, date_next_send: new Date(Date.now() + 86_400_000), frequency_id: 2 })
      .execute();
    // A report the analyst receives only when someone sends it: no subscription.
    const unscheduled = await t.db
      .insertInto('reports')
      .values({ client_id: acmeClient, project_id: projectId, name: 'Unscheduled report', layout_id: 3, template_ids: [3], stream_ids: [7] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('report_recipients').values({ report_id: unscheduled.id, contact_id: me }).execute();

    const res = await t.app.inject({ method: 'GET', url: '/api/report/contact/notifications', headers: analyst });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { ReportId: number; ReportName: string; NotificationType: number; FrequencyDescription: string; ProjectName: string }[];
    expect(rows.find((r) => r.NotificationType === 3 && r.ReportId === alert.Id)).toMatchObject({
      ReportName: 'Hourly brand alert',
      NotificationTypeName: 'Contact Notification',
      FrequencyId: 360,
      FrequencyDescription: 'Every 6 Hours',
      ProjectName: 'Acme Cola Brand Monitoring',
    });
    expect(rows.find((r) => r.NotificationType === 1 && r.ReportId === report.id)).toMatchObject({ FrequencyId: 2, FrequencyDescription: 'Weekly' });
    expect(rows.some((r) => r.ReportName === 'Unscheduled report')).toBe(false);
    // The demo's reaction lists alert the analyst.
    const list = rows.find((r) => r.NotificationType === 2)!;
    expect(list.FrequencyDescription).toMatch(/^(Immediate Delivery|Every \d+ (Minutes|Hours))$/);
    // The viewer receives none of them.
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/report/contact/notifications', headers: viewer })).json() as { ReportName: string }[];
    expect(theirs.some((r) => ['Hourly brand alert', 'Weekly brand report'].includes(r.ReportName))).toBe(false);

    const unsubscribe = (headers: { authorization: string }, reportId: number, reportType: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/report/contact/notification/unsubscribe?reportId=${reportId}&reportType=${reportType}`, headers });
    // Another client's contact cannot remove the analyst.
    expect((await unsubscribe(viewer, alert.Id, 3)).statusCode).toBe(404);
    for (const [id, type] of [
      [alert.Id, 3],
      [report.id, 1],
      [list.ReportId, 2],
    ]) {
      expect((await unsubscribe(analyst, id, type)).statusCode).toBe(200);
      const again = await unsubscribe(analyst, id, type);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(ALERT_MESSAGES.notSubscribed);
    }
    // Only the analyst left: the colleague still receives the alert.
    const left = await t.db.selectFrom('alert_recipients').select('contact_id').where('alert_id', '=', alert.Id).execute();
    expect(left).toEqual([{ contact_id: colleague }]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/report/contact/notifications', headers: analyst })).json() as {
      ReportId: number;
      NotificationType: number;
    }[];
    expect(after.some((r) => (r.NotificationType === 3 && r.ReportId === alert.Id) || (r.NotificationType === 1 && r.ReportId === report.id))).toBe(false);
    expect((await unsubscribe(analyst, alert.Id, 5)).statusCode).toBe(400);
  });

  it("lists each project whose response alerts reach the contact, by its setting or as a word bin's Response Contact, with the wait, and stops them", async () => {
    const brand = t.projects['acme-brand'];
    const rival = t.projects['fizzco'];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/responses/alert',
      headers: analyst,
      payload: { projectId: rival, active: true, waitMinutes: 30, recipientIds: [me, colleague] },
    });
    expect(put.statusCode).toBe(200);
    // The analyst becomes a Response Contact of one of the brand's lists (still receiving the list).
    const row = await t.db
      .selectFrom('word_bin_recipients as r')
      .innerJoin('word_bins as b', 'b.id', 'r.word_bin_id')
      .select(['r.id', 'b.id as bin'])
      .where('r.contact_id', '=', me)
      .where('b.project_id', '=', brand)
      .where('b.is_active', '=', true)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('word_bin_recipients').set({ recipient_type_id: 3 }).where('id', '=', row.id).execute();

    type Row = {
      ReportId: number;
      ReportName: string;
      NotificationType: number;
      NotificationTypeName: string;
      FrequencyId: number;
      FrequencyDescription: string;
    };
    const mine = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/report/contact/notifications', headers: analyst })).json() as Row[]).filter(
        (r) => r.NotificationType === 4,
      );
    expect(await mine()).toEqual([
      expect.objectContaining({
        ReportId: brand,
        ReportName: 'Response alert',
        NotificationTypeName: 'Response Alert',
        FrequencyId: 60,
        FrequencyDescription: 'Unanswered after 1 hour',
      }),
      expect.objectContaining({
        ReportId: rival,
        NotificationTypeName: 'Response Alert',
        FrequencyId: 30,
        FrequencyDescription: 'Unanswered after 30 minutes',
      }),
    ]);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/report/contact/notifications', headers: viewer })).json() as Row[];
    expect(theirs.some((r) => r.NotificationType === 4)).toBe(false);

    const unsubscribe = (headers: { authorization: string }, reportId: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/report/contact/notification/unsubscribe?reportId=${reportId}&reportType=4`, headers });
    expect((await unsubscribe(viewer, rival)).statusCode).toBe(404);
    for (const projectId of [rival, brand]) {
      expect((await unsubscribe(analyst, projectId)).statusCode).toBe(200);
      expect((await unsubscribe(analyst, projectId)).json().message).toBe(ALERT_MESSAGES.notSubscribed);
    }
    expect(await mine()).toEqual([]);
    // The colleague is still told of the rival; the analyst still receives the brand's list, as its Alert Contact.
    expect(await t.db.selectFrom('response_alert_recipients').select('contact_id').where('project_id', '=', rival).execute()).toEqual([
      { contact_id: colleague },
    ]);
    expect(await t.db.selectFrom('word_bin_recipients').select('recipient_type_id').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({
      recipient_type_id: 1,
    });
  });
});

describe('POST /api/unsubscribe (the link in every mail)', () => {
  // Each from its own address: public forms are limited to 5 a minute per address.
  let address = 0;
  const post = (token: string) => t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token }, remoteAddress: `10.9.0.${++address}` });
  const tokenOf = (url: string) => url.split('#token=')[1];

  it('removes the contact its signed token names from an alert, a report or a list, once', async () => {
    const projectId = t.projects['acme-brand'];
    const alert = (await save(analyst, { name: 'Linked alert', projectId, recipientIds: `${me},${colleague}`, interval: 0, startDate: '2026-03-02' })).json();
    const url = await unsubscribeUrl(t.db, 'http://localhost:8105/', { type: 3, id: alert.Id, contactId: colleague });
    expect(url).toMatch(/^http:\/\/localhost:8105\/unsubscribe#token=[\w.-]+$/);
    const res = await post(tokenOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Name: 'Linked alert', NotificationType: 3, NotificationTypeName: 'Contact Notification', Email: 'colleague@acme.example' });
    expect(await t.db.selectFrom('alert_recipients').select('contact_id').where('alert_id', '=', alert.Id).execute()).toEqual([{ contact_id: me }]);
    const again = await post(tokenOf(url));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ALERT_MESSAGES.alreadyUnsubscribed);

    const report = await t.db
      .insertInto('reports')
      .values({ client_id: acmeClient, project_id: projectId, name: 'Linked report', layout_id: 3, template_ids: [3], stream_ids: [7] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('report_recipients').values({ report_id: report.id, contact_id: colleague }).execute();
    const r = await post(tokenOf(await unsubscribeUrl(t.db, 'http://x', { type: 1, id: report.id, contactId: colleague })));
    expect(r.json()).toMatchObject({ Name: 'Linked report', NotificationTypeName: 'Scheduled Report' });
    expect(await t.db.selectFrom('report_recipients').select('contact_id').where('report_id', '=', report.id).execute()).toEqual([]);

    // A response alert's mail: the link stops the project's response alerts for that contact.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/responses/alert',
      headers: analyst,
      payload: { projectId, active: true, waitMinutes: 15, recipientIds: [me, colleague] },
    });
    expect(put.statusCode).toBe(200);
    const stop = tokenOf(await unsubscribeUrl(t.db, 'http://x', { type: 4, id: projectId, contactId: colleague }));
    expect((await post(stop)).json()).toEqual({
      Name: 'Response alert of Acme Cola Brand Monitoring',
      NotificationType: 4,
      NotificationTypeName: 'Response Alert',
      Email: 'colleague@acme.example',
    });
    expect(await t.db.selectFrom('response_alert_recipients').select('contact_id').where('project_id', '=', projectId).execute()).toEqual([{ contact_id: me }]);
    expect((await post(stop)).statusCode).toBe(404);
  });

  it('refuses altered and made-up tokens, removing nothing, and still honours older word-bin digest links', async () => {
    const projectId = t.projects['acme-brand'];
    const alert = (await save(analyst, { name: 'Guarded alert', projectId, recipientIds: `${me},${colleague}`, interval: 0, startDate: '2026-03-02' })).json();
    const token = tokenOf(await unsubscribeUrl(t.db, 'http://x', { type: 3, id: alert.Id, contactId: colleague }));
    const signature = token.slice(token.lastIndexOf('.'));
    for (const bad of [`3.${alert.Id}.${me}${signature}`, 'sample', `3.${alert.Id}.${me}.`, await sign(t.db, 'ticket', `3.${alert.Id}.${me}`)]) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(ALERT_MESSAGES.invalidLink);
    }
    expect(await t.db.selectFrom('alert_recipients').select('id').where('alert_id', '=', alert.Id).execute()).toHaveLength(2);

    const recipient = await t.db.selectFrom('word_bin_recipients').select(['id', 'word_bin_id']).where('contact_id', '=', me).executeTakeFirstOrThrow();
    const legacy = await post(await sign(t.db, LEGACY_WORD_BIN_PURPOSE, String(recipient.id)));
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ NotificationType: 2, Email: 'analyst@demo.example' });
    expect(await t.db.selectFrom('word_bin_recipients').select('id').where('id', '=', recipient.id).executeTakeFirst()).toBeUndefined();
  });
});
