import { defineOperation } from '../operation.ts';
import { Alert, AlertInput } from './model.ts';

/** Schedules an alert: the project's new mentions go to the recipients every interval from startDate. */
export const saveAlert = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/alert/save',
  summary: 'Schedule an alert of a project to contacts of its client',
  tags: ['alerts'],
  access: 'user',
  body: AlertInput,
  response: Alert,
});
