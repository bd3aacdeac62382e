import { defineOperation } from '../operation.ts';
import { JobsOverview } from './model.ts';

export const getJobs = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'The job queues: state counts, recent failures with their errors, schedules',
  tags: ['admin'],
  access: 'admin',
  response: JobsOverview,
});
