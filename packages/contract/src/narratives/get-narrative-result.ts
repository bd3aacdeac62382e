import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { NarrativeJob } from './model.ts';

/** A large search's background job: its progress, and its answer once done. */
export const getNarrativeResult = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/narratives/results/:id',
  summary: "A large narrative search's progress and answer",
  tags: ['narratives'],
  access: 'user',
  params: IdQuery,
  response: NarrativeJob,
});
