// The crisis word bin's detail at /client/{clientId}/reaction-list/crisis/{id}, outside a project's
// shell (the specification references it beside crisis-monitoring/wordbin/{id} under the project).
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

const WordBinDetailScreen = lazyRouteComponent(() => import('./screens/WordBinDetailScreen.tsx'), 'WordBinDetailScreen');

export function wordBinRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'client/$clientId/reaction-list/crisis/$wordBinId', component: WordBinDetailScreen })] as const;
}
