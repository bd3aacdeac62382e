import {
  AnalyticQuery,
  DailyInsights,
  ErrorBody,
  FavourabilityList,
  Heatmap,
  MentionSummaryList,
  SentimentHeatmap,
  SentimentSummary,
  SortBinTree,
  SubfolderQuery,
  TopAuthorList,
  TopAuthorsQuery,
  TopPostList,
  TopPostsQuery,
} from '@listening/contract';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import * as dashboard from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['dashboard'];

/** Main host: the project dashboard's widgets (000 §2), each over AnalyticQuery. */
export function dashboardRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/mentions/getall', {
    schema: { tags, summary: 'Mentions and AVE per stream, then the total (StreamId 0)', querystring: AnalyticQuery, response: { 200: MentionSummaryList, ...errors } },
    handler: (req) => dashboard.mentions(db, currentUser(req), req.query),
  });
  app.get('/api/heatmap/getall', {
    schema: { tags, summary: 'Hourly heatmap: 24 columns, a row per day, week or month', querystring: AnalyticQuery, response: { 200: Heatmap, ...errors } },
    handler: (req) => dashboard.heatmap(db, currentUser(req), req.query),
  });
  app.get('/api/heatmap/sentiment/getall', {
    schema: { tags, summary: 'Sentiment heatmap (Sentiment product)', querystring: AnalyticQuery, response: { 200: SentimentHeatmap, ...errors } },
    handler: (req) => dashboard.sentimentHeatmap(db, currentUser(req), req.query),
  });
  app.get('/api/topposts/getall', {
    schema: { tags, summary: 'Posts with the highest impact score', querystring: TopPostsQuery, response: { 200: TopPostList, ...errors } },
    handler: (req) => dashboard.topPosts(db, currentUser(req), req.query),
  });
  app.get('/api/topauthors', {
    schema: { tags, summary: 'Top authors by followers (project types 1, 5, 6, 7)', querystring: TopAuthorsQuery, response: { 200: TopAuthorList, ...errors } },
    handler: (req) => dashboard.topAuthors(db, currentUser(req), req.query),
  });
  app.get('/api/dailyinsights/getall', {
    schema: { tags, summary: 'Mentions per day, week or month, empty buckets included', querystring: AnalyticQuery, response: { 200: DailyInsights, ...errors } },
    handler: (req) => dashboard.dailyInsights(db, currentUser(req), req.query),
  });
  app.get('/api/favourability/getall', {
    schema: { tags, summary: 'Favourability donut: Positive, Neutral, Negative', querystring: AnalyticQuery, response: { 200: FavourabilityList, ...errors } },
    handler: (req) => dashboard.favourability(db, currentUser(req), req.query),
  });
  app.get('/api/sentiment/getall', {
    schema: { tags, summary: 'Sentiment summary: Owned, Earned, Chatter, All (Sentiment product)', querystring: AnalyticQuery, response: { 200: SentimentSummary, ...errors } },
    handler: (req) => dashboard.sentimentSummary(db, currentUser(req), req.query),
  });
  app.get('/api/subfolder/getall/treeview', {
    schema: { tags, summary: 'Sort-bin tree with clips in range (Sort Bins product)', querystring: SubfolderQuery, response: { 200: SortBinTree, ...errors } },
    handler: (req) => dashboard.sortBinTree(db, currentUser(req), req.query, 'treeview'),
  });
  app.get('/api/subfolder/getall/bintype', {
    schema: { tags, summary: 'Bins of one type (2 sort, 6 input) with clips in range', querystring: SubfolderQuery, response: { 200: SortBinTree, ...errors } },
    handler: (req) => dashboard.sortBinTree(db, currentUser(req), req.query, 'bintype'),
  });
}
