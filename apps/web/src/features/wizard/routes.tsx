// The new-project wizard (admins): a placeholder until the wizard feature lands.
import { Button } from '@mantine/core';
import { createRoute, Link, type AnyRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

const BackToClients = () => (
  <Button component={Link} to="/clients" variant="light" mt="sm">
    Back to the clients
  </Button>
);

function NewProjectPlaceholder() {
  return (
    <ComingSoon back={<BackToClients />} title="New project">
      The new-project wizard is coming: project details, streams, products and agreement.
    </ComingSoon>
  );
}

export function wizardRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'client/$clientId/new-project', component: NewProjectPlaceholder })] as const;
}
