// The new-project wizard through the API: admins only, totals recomputed in cents and checked,
// Finish creating the agreement, the project with its root bin and rule, and mailing the PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIZARD_MESSAGES, defaultQuantities, periodSummary, priceAgreement } from '@listening/contract';
import { loadSimProjects } from '../../ingest/sim-content.ts';
import { createMailer } from '../../mail/mailer.ts';
import { loopbackSmtp } from '../../mail/test-smtp.ts';
import { agreementPdf } from './pdf.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('new-project wizard', () => {
  let t: TestContext;
  let admin: H;
  let analyst: H;
  let karoo: number;
  let viewerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, analyst] = await Promise.all(['admin', 'analyst'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    karoo = (await t.db.selectFrom('clients').select('id').where('name', '=', 'Karoo Outdoor Co.').executeTakeFirstOrThrow()).id;
    viewerId = (await t.db.selectFrom('users').select('id').where('email', '=', 'viewer@demo.example').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const lines = (q: Record<number, number>) => Object.entries(q).map(([id, n]) => ({ ProductId: Number(id), Quantity: n }));
  const body = (over: { name?: string; quantities?: Record<number, number>; agreement?: Record<string, unknown> } = {}) => {
    const products = lines(over.quantities ?? { ...defaultQuantities(), 201: 1, 103: 2 });
    // Invalid quantities have no price: the totals sent are then beside the point.
    const price = (() => {
      try {
        return priceAgreement(products);
      } catch {
        return { ProductListTotal: 0, AgreementTotal: 0 };
      }
    })();
    return {
      Agreement: {
        ClientId: karoo,
        RequestedById: viewerId,
        CancellationTypeId: 1,
        BillingTypeId: 3,
        PaymentTypeId: 2,
        StartDate: '2026-11-01',
        EndDate: null,
        IsTrial: false,
        SendAgreementNow: true,
        Products: products,
        ProductListTotal: price.ProductListTotal,
        AgreementTotal: price.AgreementTotal,
        ...over.agreement,
      },
      Bin: { Name: over.name ?? 'Karoo Trails Campaign' },
      ProjectSetup: { ProjectTypeId: 2, ProjectSubTypeId: 23 },
      ProjectType: 2,
      Keywords: 'karoo AND (trail OR hiking)',
    };
  };
  const save = (payload: object, h: H = admin) =>
    t.app
      .inject({ method: 'POST', url: '/crm/api/agreement/save/project?ProductTypeId=2', headers: h, payload })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const counts = async () => ({
    projects: (await t.db.selectFrom('projects').select('id').execute()).length,
    agreements: (await t.db.selectFrom('agreements').select('id').execute()).length,
    bins: (await t.db.selectFrom('bins').select('id').execute()).length,
  });

  it('offers the account options with their defaults, the types and sub-products, and the price list', async () => {
    const options = await t.app.inject({ method: 'GET', url: `/crm/api/agreement/dropdowns/populate/short/${karoo}`, headers: admin });
    expect(options.json()).toMatchObject({
      // Billing follows the project's own period: monthly, not once-off.
      Defaults: { PaymentTypeId: 2, BillingTypeId: 1, CancellationTypeId: 1 },
      RequestedBys: [{ Id: viewerId, IsPrimary: true }],
    });
    const subs = await t.app.inject({ method: 'GET', url: '/crm/api/projecttype/getall?parentId=8', headers: admin });
    expect(subs.json().map((s: { Id: number }) => s.Id)).toEqual([7, 8, 9, 10, 11]);
    const list = await t.app.inject({ method: 'POST', url: '/crm/api/productlist/populate/full?currencyId=ZAR', headers: admin });
    expect(list.json()[1].children[0]).toMatchObject({ Description: 'Sentiment', Price: 490, PriceCents: 49_000, IsHeader: false, Period: 'month' });
    expect(list.json()[0].children.map((p: { Period: string }) => p.Period)).toEqual(['month', 'once', 'month']);
  });

  it('answers 403 to a non-admin for every wizard call, and saves nothing', async () => {
    const before = await counts();
    expect((await save(body(), analyst)).status).toBe(403);
    const options = await t.app.inject({ method: 'GET', url: `/crm/api/agreement/dropdowns/populate/short/${karoo}`, headers: analyst });
    expect(options.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses totals that do not add up, negative or fractional quantities, each naming the problem', async () => {
    const before = await counts();
    const b = body();
    const wrong = await save({ ...b, Agreement: { ...b.Agreement, AgreementTotal: b.Agreement.AgreementTotal - 1 } });
    expect([wrong.status, wrong.body.message]).toEqual([400, expect.stringMatching(/^The AgreementTotal does not add up/)]);
    const negative = await save(body({ quantities: { 103: -1 } }));
    expect([negative.status, negative.body.message]).toEqual([400, 'Agreement.Products.0.Quantity: Quantity cannot go below 0']);
    expect((await save(body({ quantities: { 103: 1.5 } }))).body.message).toMatch(/whole number/);
    expect((await save(body({ quantities: { 101: 0 } }))).body.message).toMatch(/cannot go below 1/);
    expect(await counts()).toEqual(before);
  });

  it('answers the step-3 alerts for missing choices', async () => {
    const b = body();
    const { RequestedById: _r, ...noRequester } = b.Agreement;
    expect((await save({ ...b, Agreement: noRequester })).body.message).toBe(WIZARD_MESSAGES.requestedBy);
    expect((await save({ ...b, Agreement: { ...b.Agreement, BillingTypeId: 99 } })).body.message).toBe(WIZARD_MESSAGES.billingType);
    expect((await save({ ...b, Agreement: { ...b.Agreement, StartDate: '' } })).body.message).toBe(WIZARD_MESSAGES.startDate);
    // A requester must be an active contact of the client.
    const analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    expect((await save({ ...b, Agreement: { ...b.Agreement, RequestedById: analystId } })).body.message).toBe(WIZARD_MESSAGES.requestedBy);
  });

  it('Finish saves the agreement in cents and creates the project with its root bin, rule, products and a mailed PDF', async () => {
    const res = await save(body());
    expect(res.status).toBe(200);
    const price = priceAgreement(body().Agreement.Products);
    expect(res.body).toMatchObject({ Success: true, AgreementTotal: price.AgreementTotal, AgreementSent: true });
    const project = await t.db.selectFrom('projects').selectAll().where('id', '=', res.body.ProjectId).executeTakeFirstOrThrow();
    expect(project).toMatchObject({
      client_id: karoo,
      description: 'Karoo Trails Campaign',
      project_type_id: 2,
      project_sub_type_id: 23,
      bin_id: res.body.BinId,
    });
    // A campaign project listens to LinkedIn like the other networks it offers.
    expect(project.stream_ids).toEqual([7, 8, 9, 11]);
    const rule = await t.db.selectFrom('bin_rules').select(['kind', 'expression']).where('bin_id', '=', res.body.BinId).executeTakeFirstOrThrow();
    expect(rule).toEqual({ kind: 'phrase', expression: 'karoo AND (trail OR hiking)' });
    const agreement = await t.db.selectFrom('agreements').selectAll().where('id', '=', res.body.AgreementId).executeTakeFirstOrThrow();
    expect(agreement).toMatchObject({
      payment_type_id: 2,
      billing_type_id: 3,
      cancellation_type_id: 1,
      currency_id: 'ZAR',
      vat_cents: price.Vat,
      is_fixed_agreement: true,
    });
    expect(agreement.sent_at).not.toBeNull();
    const codes = await t.db.selectFrom('client_products').select('product_code').where('client_id', '=', karoo).execute();
    expect(codes.map((c) => c.product_code)).toContain('KPSZ10');
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to', '=', 'viewer@demo.example').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // The mail gives a total per period, never one sum of once-off and monthly money.
    expect(mail.text).toContain(`Your agreement is attached: ${periodSummary(price)}, VAT included.`);
    expect(mail.text).toMatch(/R [\d,.]+ once-off \+ R [\d,.]+ \/ month/);
    const [pdf] = mail.attachments as { filename: string; content: string }[];
    expect(pdf.filename).toBe(`agreement-${res.body.AgreementId}.pdf`);
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The client's contact finds it in the project list.
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    const list = await t.app.inject({ method: 'GET', url: `/api/project/getall?clientId=${karoo}`, headers: viewer });
    expect(JSON.stringify(list.json())).toContain('Karoo Trails Campaign');
    // The simulator (and so collection) takes the new project in, aiming at its rule.
    const sim = (await loadSimProjects(t.db)).find((p) => p.id === res.body.ProjectId);
    expect(sim).toMatchObject({ streamIds: [7, 8, 9, 11] });
    expect(sim!.rules).toHaveLength(1);
  });

  it('delivers the agreement PDF as an attachment over SMTP', async () => {
    const smtp = await loopbackSmtp();
    const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'listening@example.test' });
    // The default products only (a project and its setup).
    const price = priceAgreement([]);
    try {
      const pdf = await agreementPdf({
        agreementId: 7,
        clientName: 'Karoo Outdoor Co.',
        projectName: 'Karoo Trails',
        projectType: 'Campaign Tracking',
        requestedBy: 'Pieter Viewer',
        billingType: 'Once-off invoice',
        paymentType: 'Event/Budget',
        cancellationType: '30 days notice',
        startDate: '2026-11-01',
        endDate: null,
        isTrial: false,
        products: price.Products,
        periods: price.Periods,
      });
      await mailer.send({
        to: 'viewer@demo.example',
        subject: 'Your agreement',
        text: 'Attached.',
        attachments: [{ filename: 'agreement-7.pdf', contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
      });
      await mailer.flush();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].body).toMatch(/Content-Type: application\/pdf; name=agreement-7\.pdf/);
      expect(smtp.received[0].body).toContain(Buffer.from(pdf).toString('base64').slice(0, 60));
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('refuses keywords the matcher cannot read', async () => {
    const res = await save({ ...body({ name: 'Bad rule' }), Keywords: 'karoo AND (' });
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/^The keywords cannot be read/)]);
  });
});
