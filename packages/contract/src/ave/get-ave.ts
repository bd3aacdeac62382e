import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { AveSettings } from './model.ts';

/** Ave calc's: the formula's figures, the client's CPM table and a worked example from the project. */
export const getAveSettings = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/ave/get',
  summary: "How AVE is computed for a project: its client's CPM per stream and a worked example",
  tags: ['ave'],
  access: 'user',
  query: ProjectIdQuery,
  response: AveSettings,
});
