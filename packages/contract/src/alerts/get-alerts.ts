import { z } from 'zod';
import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Alert } from './model.ts';

/** The project's alerts, newest first (the notification dialog's list). */
export const getAlerts = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/alert/getall',
  summary: "A project's alerts with their recipients",
  tags: ['alerts'],
  access: 'user',
  query: ProjectIdQuery,
  response: z.array(Alert),
});
