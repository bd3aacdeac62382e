// The Contact Focal Points form: stored and mailed to the focal-point address; a honeypot and
// per-address limits hold off spam without a third party.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FORM_MESSAGES } from '@listening/contract';
import { createTestApp, type TestContext } from '../../test/harness.ts';

describe('Contact Focal Points form', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { CONTACT_TO: 'focal@listening.test' } });
  });
  afterAll(() => t.close());

  const form = (email: string, extra: object = {}) => ({
    Fullname: 'Naledi Khumalo',
    CompanyName: 'Khumalo Media',
    EmailAddress: email,
    ContactNumber: '+27 11 555 0142',
    How: 'A colleague',
    Subject: 'A demo, please',
    Message: 'We would like to see the product.',
    ...extra,
  });
  const send = (payload: object, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/contact/submit', payload, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json() }));
  const stored = () => t.db.selectFrom('contact_messages').selectAll().execute();

  it('stores the message, mails it to the focal-point address and answers Success and Message', async () => {
    const res = await send(form('naledi@example.com'));
    expect(res.body).toEqual({ Success: true, Message: CONTACT_FORM_MESSAGES.sent });
    expect(await stored()).toMatchObject([{ full_name: 'Naledi Khumalo', email: 'naledi@example.com', subject: 'A demo, please', ip: '203.0.113.7' }]);
    const mail = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to: 'focal@listening.test', subject: 'Contact form: A demo, please' });
    expect(mail.text).toContain('We would like to see the product.');
  });

  it('answers a robot that fills the honeypot as if sent, but neither stores nor mails it', async () => {
    const before = (await stored()).length;
    expect((await send(form('bot@example.com', { Website: 'http://spam.example' }))).body.Success).toBe(true);
    expect(await stored()).toHaveLength(before);
  });

  it('answers Success false once an address has sent 3 in an hour', async () => {
    await send(form('naledi@example.com'));
    await send(form('naledi@example.com'));
    const res = await send(form('naledi@example.com'));
    expect(res.body).toEqual({ Success: false, Message: CONTACT_FORM_MESSAGES.tooMany });
    expect((await stored()).filter((m) => m.email === 'naledi@example.com')).toHaveLength(3);
  });

  it('refuses a missing field or an invalid email with 400 in the form’s words', async () => {
    const res = await send(form('not-an-email'), '198.51.100.9');
    expect([res.status, res.body.message]).toEqual([400, 'Please enter a valid email address']);
    const missing = await send({ ...form('ok@example.com'), Subject: ' ' }, '198.51.100.9');
    expect([missing.status, missing.body.message]).toEqual([400, 'Please enter a subject']);
  });
});
