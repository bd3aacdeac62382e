import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { NarrativeQuery, NarrativeQueryChange } from './saved-queries.ts';

/** Renames a saved query or changes its query, streams, range kind, alert and recipients. */
export const updateNarrativeQuery = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/narratives/queries/:id',
  summary: 'Change a saved narrative query',
  tags: ['narratives'],
  access: 'user',
  params: IdQuery,
  body: NarrativeQueryChange,
  response: NarrativeQuery,
});
