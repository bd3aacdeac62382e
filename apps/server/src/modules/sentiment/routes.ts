import { adaptClientSentiment, getClientSentimentModels, getTeachPosts, stopClientSentimentModel } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as sentiment from './service.ts';

/** A client's own sentiment model: the tray's "Teach sentiment", and the admin's figures, "Adapt now" and "Stop using". */
export function sentimentRoutes(route: Route, { db }: Deps): void {
  route(getTeachPosts, ({ query, user }) => sentiment.teachPosts(db, user, query));
  route(getClientSentimentModels, () => sentiment.clientModels(db));
  route(adaptClientSentiment, ({ body }) => sentiment.adaptNow(db, body.ClientId));
  route(stopClientSentimentModel, ({ body, user }) => sentiment.stopModel(db, user, body.ClientId));
}
