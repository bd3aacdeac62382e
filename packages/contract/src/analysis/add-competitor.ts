import { defineOperation } from '../operation.ts';
import { CompetitorChange, CompetitorSettings } from './model.ts';

/** Adds another project of the same client (named by its root bin) as a competitor; answers the new list. */
export const addCompetitor = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/competitor/add',
  summary: 'Add a competitor to a project (a project of the same client, by its bin)',
  tags: ['analysis'],
  access: 'admin',
  body: CompetitorChange,
  response: CompetitorSettings,
  errors: [409],
});
