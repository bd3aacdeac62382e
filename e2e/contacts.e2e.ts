// Contact management and the Contact Focal Points form. A primary contact invites a person (who
// accepts, signed in as themselves) and switches them off; an admin switches a contact off and that
// contact can no longer log in, until switched on again. A visitor sends the contact form from
// the public header's modal. Waits are for what the user waits for: rows, dialogs, toasts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const browser = useBrowser();

const row = (p: Page | Locator, text: string) => p.getByRole('row').filter({ hasText: text });

async function openContacts(page: Page, email: string, client: string): Promise<void> {
  await login(page, baseURL, email);
  await page.waitForURL(/\/clients/, { timeout: 90_000 });
  const clients = await apiGet<{ Id: number; Name: string }[]>(page, '/api/client/getall');
  await page.goto(`${baseURL}/client/${clients.find((c) => c.Name === client)!.Id}/contact-management`);
  await page.getByRole('heading', { name: 'Contact Management' }).waitFor();
}

describe('contact management', () => {
  it('a primary contact invites a person, who accepts signed in as themselves, and switches them off', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    await openContacts(page, 'analyst@demo.example', 'Acme Beverages');
    const form = page.getByRole('form', { name: 'Add a contact' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Pieter');
    await form.getByLabel('Surname').fill('Viewer');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone').fill('+27 82 555 0199');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    // Karoo's viewer has an account: the invitation is all Acme sees, with what was typed.
    await form.getByLabel('Email').fill('viewer@demo.example');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('Invitation sent to viewer@demo.example: they become a contact once they accept').waitFor();
    const invitations = page.getByRole('region', { name: 'Invitations not yet accepted' });
    await row(invitations, 'viewer@demo.example').waitFor();
    expect(await page.getByRole('switch', { name: 'Pieter Viewer is active' }).count()).toBe(0);
    // A contact the client already has is refused, in the form.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Thandi');
    await form.getByLabel('Surname').fill('Again');
    await form.getByLabel('Email').fill('analyst@demo.example');
    await form.getByLabel('Phone').fill('0825550199');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByRole('alert').getByText('already exists for this client').waitFor();
    await shot(page, 'contacts-invited-1280');

    // The viewer, signed in as themselves, sees the invitation on every page and accepts it.
    const viewer = await (await browser.newContext({ viewport: { width: 390, height: 860 } })).newPage();
    await login(viewer, baseURL, 'viewer@demo.example');
    await viewer.waitForURL(/\/clients/);
    const banner = viewer.getByTestId('invitations-banner');
    await banner.getByText('invites you to become a contact of Acme Beverages').waitFor();
    await shot(viewer, 'invitation-banner-390');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await viewer.getByText('You are now a contact of Acme Beverages').waitFor();
    await viewer.getByText('Acme Beverages').first().waitFor();
    await viewer.context().close();

    try {
      await page.reload();
      const active = row(page, 'viewer@demo.example').getByRole('switch');
      expect(await active.isChecked()).toBe(true);
      // Accepted: no longer among the invitations not yet accepted (other journeys may leave theirs).
      expect(await row(invitations, 'viewer@demo.example').count()).toBe(0);
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
    } finally {
      // The viewer is Karoo's alone again for the journeys after this one.
      await row(page, 'viewer@demo.example')
        .getByRole('button', { name: /Delete/ })
        .click();
      await page.getByText('Successfully Deleted').waitFor();
    }
    await page.context().close();
  });

  it('an invitation or email-change link that is wrong or used says so, and changes nothing', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 860 } })).newPage();
    await page.goto(`${baseURL}/invitation#token=not-a-real-token`);
    await page.getByRole('alert').getByText('This invitation link is invalid or has expired').waitFor();
    // The token is taken out of the address bar at once.
    expect(new URL(page.url()).hash).toBe('');
    await shot(page, 'invitation-invalid-390');
    await page.goto(`${baseURL}/email-change#token=not-a-real-token`);
    await page.getByRole('button', { name: 'CONFIRM THE NEW EMAIL' }).click();
    await page.getByRole('alert').getByText('This email change link is invalid or has expired').waitFor();
    await shot(page, 'email-change-invalid-390');
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
