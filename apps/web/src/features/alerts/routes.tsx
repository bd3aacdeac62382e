// Notification Management (/contact/notifications): the subscribed alerts and reports table and,
// per project, the notification dialog. clientId and projectId in the address choose that client
// and project on the screen (the user menu's link from inside a project); the dialog opens when asked.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SubscriptionsScreen } from './screens/SubscriptionsScreen.tsx';

const id = z.coerce.number().int().positive().optional().catch(undefined);
export const notificationsSearchSchema = z.object({ clientId: id, projectId: id });

export function alertRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({ getParentRoute: () => parent, path: 'contact/notifications', validateSearch: notificationsSearchSchema, component: SubscriptionsScreen }),
  ] as const;
}
