import { IdQuery, OkResponse } from '../common.ts';
import { defineOperation } from '../operation.ts';

/** Deletes a saved query with its alert. */
export const deleteNarrativeQuery = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/narratives/queries/:id',
  summary: 'Delete a saved narrative query',
  tags: ['narratives'],
  access: 'user',
  params: IdQuery,
  response: OkResponse,
});
