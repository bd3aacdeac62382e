// The new-project wizard (admins; the server refuses anyone else).
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { NewProjectScreen } from './screens/NewProjectScreen.tsx';

export function wizardRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'client/$clientId/new-project', component: NewProjectScreen })] as const;
}
