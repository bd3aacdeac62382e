// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../test/render.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { isolateEachTest } from '../../test/each-test.ts';

isolateEachTest({ signedIn: true });

const THANKS = 'Thank you for your interest in Sentiment. We have told our team, and they will be in touch about adding it to Karoo Outdoor Brand.';
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => Response.json({ Message: THANKS, AlreadyRequested: false, DateRequested: '2026-11-23T10:00:00.000Z' }));
  vi.stubGlobal('fetch', fetchMock);
});

/** The dialog as the project shell shows it: inside a project's route, opened on a locked product. */
function renderDialog(onClose = vi.fn()) {
  installDomShims();
  const root = createRootRoute();
  const project = createRoute({
    getParentRoute: () => root,
    path: '/client/$clientId/project/$projectId',
    component: () => <ProductDialog product="Sentiment" onClose={onClose} />,
  });
  const router = createRouter({ routeTree: root.addChildren([project]), history: createMemoryHistory({ initialEntries: ['/client/3/project/7'] }) });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

describe('the product dialog', () => {
  it("asks for the product for the project on Add and shows the provider's thanks instead of closing", async () => {
    const onClose = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText(THANKS)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/product/request');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ projectId: 7, product: 'Sentiment' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes without asking on Cancel', async () => {
    const onClose = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
