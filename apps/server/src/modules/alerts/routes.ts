import { deleteAlert, getAlerts, getSubscriptions, saveAlert, unsubscribeByLink, unsubscribeSubscription } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as alerts from './service.ts';

/** Alerts of a project, the signed-in contact's subscriptions, and the unsubscribe link of every mail. */
export function alertRoutes(route: Route, { db }: Deps): void {
  route(getAlerts, ({ user, query }) => alerts.listAlerts(db, user, query.projectId));
  route(saveAlert, ({ user, body }) => alerts.saveAlert(db, user, body));
  route(deleteAlert, ({ user, params }) => alerts.deleteAlert(db, user, params.id));
  route(getSubscriptions, ({ user }) => alerts.subscriptions(db, user));
  route(unsubscribeSubscription, ({ user, query }) => alerts.unsubscribe(db, user, query));
  route(unsubscribeByLink, ({ body }) => alerts.unsubscribeByLink(db, body));
}
