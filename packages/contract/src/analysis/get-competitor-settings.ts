import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { CompetitorSettings } from './model.ts';

export const getCompetitorSettings = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/competitor/settings',
  summary: "A project's competitors and the client's other projects that can be added (the project's cog)",
  tags: ['analysis'],
  access: 'admin',
  query: ProjectIdQuery,
  response: CompetitorSettings,
});
