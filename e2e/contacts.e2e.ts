// Issue 20: contact management and the Contact Focal Points form. A primary contact adds a contact
// (who is mailed an invitation) and switches them off; an admin switches a contact off and that
// contact can no longer log in, until switched on again. A visitor sends the contact form from
// the public header's modal. Waits are for what the user waits for: rows, dialogs, toasts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, launch, login, shot } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });

async function openContacts(page: Page, email: string, client: string): Promise<void> {
  await login(page, baseURL, email);
  await page.waitForURL(/\/clients/, { timeout: 90_000 });
  const clients = await apiGet<{ Id: number; Name: string }[]>(page, '/api/client/getall');
  await page.goto(`${baseURL}/client/${clients.find((c) => c.Name === client)!.Id}/contact-management`);
  await page.getByRole('heading', { name: 'Contact Management' }).waitFor();
}

describe('contact management', () => {
  it('a primary contact adds a contact, who is invited, and switches them off', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openContacts(page, 'analyst@demo.example', 'Acme Beverages');
    const form = page.getByRole('form', { name: 'Add a contact' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Lerato');
    await form.getByLabel('Surname').fill('Mokoena');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone').fill('+27 82 555 0199');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    await form.getByLabel('Email').fill('lerato.e2e@example.com');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('an invitation to set a password was sent to lerato.e2e@example.com').waitFor();
    await row(page, 'lerato.e2e@example.com').waitFor();
    // The same email again is refused, in the form.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Lerato');
    await form.getByLabel('Surname').fill('Again');
    await form.getByLabel('Email').fill('lerato.e2e@example.com');
    await form.getByLabel('Phone').fill('0825550199');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByRole('alert').getByText('already exists for this client').waitFor();

    const active = row(page, 'lerato.e2e@example.com').getByRole('switch');
    expect(await active.isChecked()).toBe(true);
    await active.click({ force: true });
    await page.getByText('Contact deactivated: their access has ended').waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);
    // A primary contact has no working delete icon.
    expect(
      await row(page, 'analyst@demo.example')
        .getByRole('button', { name: /Delete/ })
        .isDisabled(),
    ).toBe(true);
    await shot(page, 'contacts-1280');
    await page.context().close();
  });

  it('a contact switched off can no longer log in, and can again once switched on', async () => {
    const admin = await (await browser.newContext({ viewport: { width: 390, height: 860 } })).newPage();
    await openContacts(admin, 'admin@demo.example', 'Karoo Outdoor Co.');
    const active = row(admin, 'viewer@demo.example').getByRole('switch');
    try {
      await active.click({ force: true });
      await admin.getByText('Contact deactivated: their access has ended').waitFor();
      const viewer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await login(viewer, baseURL, 'viewer@demo.example');
      await viewer.getByText('Your access has been deactivated').waitFor();
      expect(viewer.url()).toMatch(/\/login/);
      await viewer.context().close();
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(admin, 'contacts-390');
    } finally {
      if (!(await active.isChecked())) await active.click({ force: true });
      await expect.poll(() => active.isChecked()).toBe(true);
    }
    const again = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await login(again, baseURL, 'viewer@demo.example');
    await again.waitForURL(/\/clients/);
    await again.context().close();
    await admin.context().close();
  });
});

describe('Contact Focal Points', () => {
  it('sends the form from the public header’s modal; the Message is shown and the modal closes', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${baseURL}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Focal Points' });
    await dialog.getByLabel('Full name').fill('Naledi Khumalo');
    await dialog.getByLabel('Company name').fill('Khumalo Media');
    await dialog.getByLabel('Email address').fill('naledi.e2e@example.com');
    await dialog.getByLabel('Contact number').fill('+27 11 555 0142');
    await dialog.getByRole('textbox', { name: 'How did you hear about us?' }).click();
    await page.getByRole('option', { name: 'Social media' }).click();
    await dialog.getByLabel('Subject').fill('A demo, please');
    await dialog.getByLabel('Message').fill('We would like to see the product.');
    await shot(page, 'contact-modal-1280');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, your message has been sent.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
