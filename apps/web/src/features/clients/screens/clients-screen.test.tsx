// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ClientsScreen } from './ClientsScreen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the client list', () => {
  it('says how many clients a search shows, of how many', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          { Id: 1, Name: 'Acme Beverages', IsActive: true },
          { Id: 2, Name: 'Mzansi Telecom', IsActive: true },
          { Id: 3, Name: 'Karoo Outdoor', IsActive: false },
        ]),
      ),
    );
    renderScreen(ClientsScreen, { path: '/clients' });
    await screen.findByText('3 clients');
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'acme' } });
    await waitFor(() => expect(screen.getByText('1 of 3 clients')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: '' } });
    await screen.findByText('3 clients');
  });
});
