import { excludePhrase, getExclusions, getPhrases, getWordCloud, getWordCloudByClips, includePhrase, removePhrase } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as cloud from './service.ts';

/** Main host: the word cloud and its include/exclude phrases. */
export function wordCloudRoutes(route: Route, { db }: Deps): void {
  route(getWordCloud, ({ user, query }) => cloud.wordCloud(db, user, query));
  route(getWordCloudByClips, ({ user, body }) => cloud.wordCloud(db, user, { ...body, cloudFilter: cloud.byClipsFilter(body.prefix) }));
  route(getExclusions, ({ user, query }) => cloud.exclusions(db, user, query.projectId));
  route(includePhrase, ({ user, body }) => cloud.setPhrase(db, user, body.projectId, body.phrase, 'include'));
  route(excludePhrase, ({ user, body }) => cloud.setPhrase(db, user, body.projectId, body.phrase, 'exclude'));
  route(getPhrases, ({ user, query }) => cloud.phrases(db, user, query.projectId));
  route(removePhrase, ({ user, body }) => cloud.removePhrase(db, user, body.projectId, body.phrase));
}
