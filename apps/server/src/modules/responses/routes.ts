import { getResponseAlert, getResponseQueue, getResponseTimes, markResponse, saveResponseAlert } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as setting from './alert-setting.ts';
import * as responses from './service.ts';

/** The response queue behind the side menu's Response option Alert (docs/responses.md). */
export function responseRoutes(route: Route, { db }: Deps): void {
  route(getResponseQueue, ({ user, query }) => responses.responseQueue(db, user, query));
  route(getResponseTimes, ({ user, query }) => responses.responseTimesFor(db, user, query));
  route(markResponse, ({ user, body }) => responses.markResponse(db, user, body));
  route(getResponseAlert, ({ user, query }) => setting.getResponseAlert(db, user, query.projectId));
  route(saveResponseAlert, ({ user, body }) => setting.saveResponseAlert(db, user, body));
}
