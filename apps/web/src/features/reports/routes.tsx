// The report download screen, /report/{layoutId}/{guid} (no side nav), and /report/download, which
// sends the user to /report/1/{fileName from the query, else 'not-found'}.
import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';

const ReportDownloadRoute = lazyRouteComponent(() => import('./screens/ReportDownloadRoute.tsx'), 'ReportDownloadRoute');

export function reportRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'report/download',
      validateSearch: z.object({ fileName: z.string().optional().catch(undefined) }),
      beforeLoad: ({ search }) => {
        throw redirect({ to: '/report/$layoutId/$guid', params: { layoutId: '1', guid: search.fileName || 'not-found' }, replace: true });
      },
    }),
    createRoute({ getParentRoute: () => parent, path: 'report/$layoutId/$guid', staticData: { sideNav: false }, component: ReportDownloadRoute }),
  ] as const;
}
