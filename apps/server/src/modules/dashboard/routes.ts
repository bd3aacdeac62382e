import {
  getBinsOfType,
  getChangeMarker,
  getDailyInsights,
  getFavourability,
  getHeatmap,
  getMentions,
  getSentimentHeatmap,
  getSentimentSummary,
  getSortBinTree,
  getTopAuthors,
  getTopPosts,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as dashboard from './service.ts';

/** The project dashboard's widgets, each an analytic read (docs/dashboard.md). */
export function dashboardRoutes(route: Route, { db }: Deps): void {
  route(getMentions, ({ user, query }) => dashboard.mentions(db, user, query));
  route(getHeatmap, ({ user, query }) => dashboard.heatmap(db, user, query));
  route(getSentimentHeatmap, ({ user, query }) => dashboard.sentimentHeatmap(db, user, query));
  route(getTopPosts, ({ user, query }) => dashboard.topPosts(db, user, query));
  route(getTopAuthors, ({ user, query }) => dashboard.topAuthors(db, user, query));
  route(getDailyInsights, ({ user, query }) => dashboard.dailyInsights(db, user, query));
  route(getFavourability, ({ user, query }) => dashboard.favourability(db, user, query));
  route(getSentimentSummary, ({ user, query }) => dashboard.sentimentSummary(db, user, query));
  route(getSortBinTree, ({ user, query }) => dashboard.sortBinTree(db, user, query, 'treeview'));
  route(getBinsOfType, ({ user, query }) => dashboard.sortBinTree(db, user, query, 'bintype'));
  route(getChangeMarker, ({ user, query }) => dashboard.changeMarker(db, user, query));
}
