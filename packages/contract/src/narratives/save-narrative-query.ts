import { defineOperation } from '../operation.ts';
import { NarrativeQuery, NarrativeQueryInput } from './saved-queries.ts';

/** Saves a query under a name in its project, with its optional alert and recipients. */
export const saveNarrativeQuery = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/narratives/queries',
  summary: 'Save a narrative query',
  tags: ['narratives'],
  access: 'user',
  body: NarrativeQueryInput,
  response: NarrativeQuery,
});
