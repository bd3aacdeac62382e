import { defineOperation } from '../operation.ts';
import { CompetitorChange, CompetitorSettings } from './model.ts';

export const removeCompetitor = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/competitor/delete',
  summary: 'Remove a competitor from a project; answers the new list',
  tags: ['analysis'],
  access: 'admin',
  query: CompetitorChange,
  response: CompetitorSettings,
});
