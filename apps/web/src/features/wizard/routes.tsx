// The new-project wizard (admins): a placeholder until the wizard feature lands.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

function NewProjectPlaceholder() {
  return <ComingSoon title="New project">The new-project wizard is coming: project details, streams, products and agreement.</ComingSoon>;
}

export function wizardRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'client/$clientId/new-project', component: NewProjectPlaceholder })] as const;
}
