import { addCompetitor, getCompetitorSettings, getCompetitors, getContentClassification, getSentimentRating, removeCompetitor } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as competitors from './competitors.ts';
import * as analysis from './service.ts';

/** Sentiment, Content classification and Competitor tracking (docs/dashboard.md, "Analysis screens"). */
export function analysisRoutes(route: Route, { db }: Deps): void {
  route(getSentimentRating, ({ user, query }) => analysis.sentimentRating(db, user, query));
  route(getContentClassification, ({ user, query }) => analysis.contentClassification(db, user, query));
  route(getCompetitors, ({ user, query }) => competitors.comparison(db, user, query));
  route(getCompetitorSettings, ({ user, query }) => competitors.settings(db, user, query.projectId));
  route(addCompetitor, ({ user, body }) => competitors.add(db, user, body));
  route(removeCompetitor, ({ user, query }) => competitors.remove(db, user, query));
}
