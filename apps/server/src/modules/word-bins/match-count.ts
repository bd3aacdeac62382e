// What a word bin would catch, before it is saved: its keywords, sentiment and language run over
// the project's posts of the last WORD_BIN_MATCH_DAYS days with the ingestion matcher itself
// (compiled as ingestion compiles word bins, filtered by matchedWordBins), so the count the form
// shows is the count the list would have caught. Scoped as every word-bin read: the user's own
// project (404 otherwise) of the client named, with Reaction Lists unlocked.
import { WORD_BIN_MATCH_DAYS, languageCode, type WordBinMatchCount, type WordBinMatchQuery } from '@listening/contract';
import type { z } from 'zod';
import { projectForUser } from '../../access/index.ts';
import { assertUnlocked } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import { compileRules } from '../../ingest/matcher/compile.ts';
import { WORD_BIN_SPEC_BASE, matchedWordBins, wordBinExpression, wordBinExpressionProblem } from '../../ingest/word-bins.ts';
import { analyse } from '../../nlp/text.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** At most this many posts are read per count (newest first): the answer says when it stopped short. */
export const MATCH_COUNT_POSTS_MAX = 50_000;

export async function countMatches(db: Db, user: AuthUser, body: z.output<typeof WordBinMatchQuery>, now = new Date()): Promise<WordBinMatchCount> {
  const project = await projectForUser(db, user, body.ProjectId);
  if (body.ClientId !== undefined && body.ClientId !== project.client_id) throw notFound(`Project ${body.ProjectId} not found`);
  await assertUnlocked(db, project, 'ReactionLists');
  const keywords = body.Keywords.filter((k) => k.Value.trim() !== '').map((k) => ({ value: k.Value.trim(), operatorId: k.OperatorId }));
  const problem = wordBinExpressionProblem(keywords);
  if (problem) throw badRequest(problem);

  const to = now;
  const from = new Date(now.getTime() - WORD_BIN_MATCH_DAYS * 86_400_000);
  const posts = project.bin_id === null ? [] : await q.projectPostsBetween(db, project.bin_id, from, to, MATCH_COUNT_POSTS_MAX + 1);
  const capped = posts.length > MATCH_COUNT_POSTS_MAX;
  if (capped) posts.length = MATCH_COUNT_POSTS_MAX;

  const specId = WORD_BIN_SPEC_BASE;
  const matcher = compileRules([{ id: specId, expression: wordBinExpression(keywords), kind: 'phrase' }]);
  const targets = new Map([
    [specId, { wordBinId: 0, projectId: project.id, sentimentId: body.SentimentId, language: languageCode(body.LanguageId), start: -Infinity, stop: Infinity }],
  ]);
  const projectIds = new Set([project.id]);
  let matches = 0;
  for (const p of posts) {
    const a = analyse(p.body);
    const ids = matcher.match({ tokens: a.tokens, urls: p.link ? [...a.urls, p.link] : a.urls });
    if (ids.length === 0) continue;
    if (matchedWordBins(ids, targets, { projectIds, favourabilityId: p.favourability_id, language: p.language, now: 0 }).length) matches++;
  }
  return { Matches: matches, Posts: posts.length, From: from.toISOString(), To: to.toISOString(), Capped: capped };
}
