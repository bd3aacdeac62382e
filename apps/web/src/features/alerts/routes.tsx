// Notification Management, the subscribed-alerts table: a placeholder until the alerts feature lands.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

function NotificationManagementPlaceholder() {
  return <ComingSoon title="Notification Management">The alerts and reports you are subscribed to will be listed here.</ComingSoon>;
}

export function alertRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [createRoute({ getParentRoute: () => parent, path: 'contact/notifications', component: NotificationManagementPlaceholder })] as const;
}
