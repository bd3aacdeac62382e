import { defineOperation } from '../operation.ts';
import { ResponseAlertBody, ResponseAlertSetting } from './model.ts';

/** Saves the project's Response alert setting: on or off, the wait in minutes, and the contacts told. */
export const saveResponseAlert = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/responses/alert',
  summary: "Save the project's Response alert setting: on or off, the wait, and contacts of its client to tell",
  tags: ['responses'],
  access: 'user',
  body: ResponseAlertBody,
  response: ResponseAlertSetting,
});
