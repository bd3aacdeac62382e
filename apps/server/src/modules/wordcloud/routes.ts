import { ErrorBody, PhraseQuery, ProjectIdQuery, WordCloud, WordCloudByClipsBody, WordCloudPhrase, WordCloudPhraseList, WordCloudQuery } from '@listening/contract';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import * as cloud from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['word cloud'];

/** Main host: the word cloud and its include/exclude phrases (000 §2, §7). */
export function wordCloudRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/wordcloud/getall', {
    schema: { tags, summary: "Top words, hashtags ('#' as %23), handles ('@') or entities", querystring: WordCloudQuery, response: { 200: WordCloud, ...errors } },
    handler: (req) => cloud.wordCloud(db, currentUser(req), req.query),
  });
  app.post('/api/wordcloud/getall/byclips', {
    schema: { tags, summary: 'The cloud of given clips (or of the range) by prefix character', body: WordCloudByClipsBody, response: { 200: WordCloud, ...errors } },
    handler: (req) => cloud.wordCloud(db, currentUser(req), { ...req.body, cloudFilter: cloud.byClipsFilter(req.body.prefix) }),
  });
  app.get('/api/exclusions/get', {
    schema: { tags, summary: "The project's excluded phrases", querystring: ProjectIdQuery, response: { 200: WordCloudPhraseList, ...errors } },
    handler: (req) => cloud.exclusions(db, currentUser(req), req.query.projectId),
  });
  app.get('/api/include', {
    schema: { tags, summary: 'Track a phrase in the cloud (and stop excluding it)', querystring: PhraseQuery, response: { 200: WordCloudPhrase, ...errors } },
    handler: (req) => cloud.setPhrase(db, currentUser(req), req.query.projectId, req.query.phrase, 'include'),
  });
  app.get('/api/exclude', {
    schema: { tags, summary: 'Take a phrase out of the cloud (and stop tracking it)', querystring: PhraseQuery, response: { 200: WordCloudPhrase, ...errors } },
    handler: (req) => cloud.setPhrase(db, currentUser(req), req.query.projectId, req.query.phrase, 'exclude'),
  });
}
