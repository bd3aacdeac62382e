// Component tests: Mantine needs matchMedia and ResizeObserver, which jsdom lacks; screens need a
// router and a query cache. renderScreen mounts one component at a path with all three.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function installDomShims(): void {
  if (!window.matchMedia)
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
  if (!('ResizeObserver' in window))
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  Element.prototype.scrollIntoView ??= () => {};
}

export function renderScreen(screen: () => ReactNode, { path = '/' }: { path?: string } = {}) {
  installDomShims();
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: path.split('?')[0], component: screen });
  const fallback = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>elsewhere</p> });
  const router = createRouter({ routeTree: rootRoute.addChildren([route, fallback]), history: createMemoryHistory({ initialEntries: [path] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, queryClient };
}

export function renderPlain(node: ReactNode) {
  installDomShims();
  return render(<MantineProvider>{node}</MantineProvider>);
}
