// Notification Management, the subscribed-alerts table: a placeholder until the alerts feature lands.
import { Button } from '@mantine/core';
import { createRoute, Link, type AnyRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

const BackToClients = () => (
  <Button component={Link} to="/clients" variant="light" mt="sm">
    Back to the clients
  </Button>
);

function NotificationManagementPlaceholder() {
  return (
    <ComingSoon back={<BackToClients />} title="Notification Management">
      The alerts and reports you are subscribed to will be listed here.
    </ComingSoon>
  );
}

export function alertRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'contact/notifications', component: NotificationManagementPlaceholder })] as const;
}
