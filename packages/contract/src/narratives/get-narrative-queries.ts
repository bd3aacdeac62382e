import { z } from 'zod';
import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { NarrativeQuery } from './saved-queries.ts';

/** The project's saved narrative queries, by name. */
export const getNarrativeQueries = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/narratives/queries',
  summary: "The project's saved narrative queries",
  tags: ['narratives'],
  access: 'user',
  query: ProjectIdQuery,
  response: z.array(NarrativeQuery),
});
