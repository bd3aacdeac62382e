import { defineOperation } from '../operation.ts';
import { FindNarrativesAnswer, FindNarrativesBody } from './model.ts';

/**
 * A read, but its query can be long, so a POST with a JSON body as the word cloud's byclips. Above
 * NARRATIVE_MAX_POSTS posts in scope it starts (or finds) the search's background job instead.
 */
export const findNarratives = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/narratives/find',
  summary: "The storylines among the query's posts in range, largest first",
  tags: ['narratives'],
  access: 'user',
  body: FindNarrativesBody,
  response: FindNarrativesAnswer,
});
