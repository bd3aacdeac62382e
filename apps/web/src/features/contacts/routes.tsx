// Contact management of a client: a placeholder until the contacts feature lands.
import { Button } from '@mantine/core';
import { createRoute, Link, type AnyRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

const BackToClients = () => (
  <Button component={Link} to="/clients" variant="light" mt="sm">
    Back to the clients
  </Button>
);

function ContactManagementPlaceholder() {
  return (
    <ComingSoon back={<BackToClients />} title="Contact Management">
      The client's contacts, their access and their alerts will be managed here.
    </ComingSoon>
  );
}

export function contactRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    // Like the client's other list screens, it has no side nav (the private shell reads this).
    createRoute({
      getParentRoute: () => parent,
      path: 'client/$clientId/contact-management',
      staticData: { sideNav: false },
      component: ContactManagementPlaceholder,
    }),
  ] as const;
}
