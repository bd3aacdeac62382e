import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ResponseAlertSetting } from './model.ts';

/** The project's Response alert setting (off, an hour and no one when never saved). */
export const getResponseAlert = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/responses/alert',
  summary: "The project's Response alert setting: on or off, the wait, and who is told",
  tags: ['responses'],
  access: 'user',
  query: ProjectIdQuery,
  response: ResponseAlertSetting,
});
