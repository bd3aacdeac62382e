// @vitest-environment jsdom
import { CONTACT_MESSAGES, type ClientContact } from '@listening/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ContactManagementScreen } from './ContactManagementScreen.tsx';
import { isolateEachTest } from '../../../test/each-test.ts';

isolateEachTest();

const contact = (Id: number, Name: string, IsPrimary: boolean): ClientContact => ({
  Id,
  ClientContactId: Id * 10,
  ClientId: 1,
  Name,
  Surname: 'Contact',
  Email: `${Name.toLowerCase()}@acme.example`,
  Phone: '021 555 0100',
  IsClientContactActive: true,
  IsActive: true,
  IsPrimary,
  IsDeleted: false,
});

describe('contact management switches', () => {
  it("shows a primary contact's own active switch as disabled, with the reason, and leaves the others working", async () => {
    const contacts = [contact(7, 'Thandi', true), contact(8, 'Lerato', false)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/user/get')
          ? Response.json({ Id: 7, Name: 'Thandi', Surname: 'Contact', Email: 'thandi@acme.example', IsAdmin: false, ActingAdminId: null })
          : Response.json({ ClientId: 1, ClientName: 'Acme Beverages', CanManage: true, Contacts: contacts, Invitations: [] }),
      ),
    );
    renderScreen(ContactManagementScreen, { path: '/client/1/contact-management' });
    const own = await screen.findByRole('switch', { name: 'Thandi Contact is active' });
    await vi.waitFor(() => expect((own as HTMLInputElement).disabled).toBe(true));
    expect(own.getAttribute('aria-description')).toBe(CONTACT_MESSAGES.ownPrimary);
    const other = screen.getByRole('switch', { name: 'Lerato Contact is active' }) as HTMLInputElement;
    expect(other.disabled).toBe(false);
    expect(other.getAttribute('aria-description')).toBeNull();
  });

  it('lists the invitations not yet accepted, an expired one marked, each with a way to cancel it', async () => {
    const invitation = (Id: number, Email: string, open: boolean) => ({
      Id,
      Name: 'Sam',
      Surname: 'Smith',
      Email,
      Phone: '021 555 0100',
      SentAt: '2026-11-01T08:00:00Z',
      ExpiresAt: '2026-11-08T08:00:00Z',
      IsOpen: open,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/user/get')
          ? Response.json({ Id: 7, Name: 'Thandi', Surname: 'Contact', Email: 'thandi@acme.example', IsAdmin: false, ActingAdminId: null })
          : Response.json({
              ClientId: 1,
              ClientName: 'Acme Beverages',
              CanManage: true,
              Contacts: [contact(7, 'Thandi', true)],
              Invitations: [invitation(1, 'sam@example.com', true), invitation(2, 'old@example.com', false)],
            }),
      ),
    );
    renderScreen(ContactManagementScreen, { path: '/client/1/contact-management' });
    const section = await screen.findByRole('region', { name: 'Invitations not yet accepted' });
    expect(section.textContent).toContain('sam@example.com');
    // On the client's clock (Johannesburg, UTC+2 by default), whatever the browser's, with no zone beside them.
    expect(section.textContent).toContain('Sent 1 Nov 2026, 10:00');
    expect(section.textContent).toContain('Expired 8 Nov 2026, 10:00: invite again');
    expect(screen.getAllByRole('button', { name: 'Cancel the invitation of Sam Smith' })).toHaveLength(2);
    // Invitations are not contacts: no active switch for them.
    expect(screen.queryByRole('switch', { name: 'Sam Smith is active' })).toBeNull();
  });
});
