// Component tests: Mantine needs matchMedia and ResizeObserver, which jsdom lacks; screens need a
// router and a query cache. renderScreen mounts one component at a path with all three;
// renderRoutes mounts a route tree.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, type AnyRoute, type AnyRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function installDomShims(): void {
  if (!window.matchMedia)
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  if (!('ResizeObserver' in window))
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  Element.prototype.scrollIntoView ??= () => {};
}

export function renderScreen(screen: () => ReactNode, { path = '/' }: { path?: string } = {}) {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: path.split(/[?#]/)[0], component: screen });
  const fallback = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>elsewhere</p> });
  return renderRouter(createRouter({ routeTree: rootRoute.addChildren([route, fallback]), history: createMemoryHistory({ initialEntries: [path] }) }));
}

/** Mounts a whole route tree (the app's, say) at a path. */
export function renderRoutes(routeTree: AnyRoute, { path = '/' }: { path?: string } = {}) {
  return renderRouter(createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) }));
}

/** The router keeps its own type, so the provider needs no cast. */
function renderRouter<TRouter extends AnyRouter>(router: TRouter) {
  installDomShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, queryClient };
}

export function renderPlain(node: ReactNode) {
  installDomShims();
  return render(<MantineProvider>{node}</MantineProvider>);
}
