// Notification Management (/contact/notifications): the subscribed alerts and reports table and,
// per project, the notification dialog. clientId and projectId in the address choose that client
// and project on the screen (the user menu's link from inside a project); the dialog opens when asked.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SubscriptionsScreen, type ProjectExtra } from './screens/SubscriptionsScreen.tsx';

const id = z.coerce.number().int().positive().optional().catch(undefined);
export const notificationsSearchSchema = z.object({ clientId: id, projectId: id });

/** `projectExtra`: what another feature shows for the chosen project (app/ composes it: the Response alert setting). */
export function alertRoutes<TParent extends AnyRoute>(parent: TParent, opts: { projectExtra?: ProjectExtra } = {}) {
  const Screen = () => <SubscriptionsScreen projectExtra={opts.projectExtra} />;
  return [createRoute({ getParentRoute: () => parent, path: 'contact/notifications', validateSearch: notificationsSearchSchema, component: Screen })] as const;
}
