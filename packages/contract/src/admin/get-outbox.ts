import { defineOperation } from '../operation.ts';
import { OutboxList } from './model.ts';

export const getOutbox = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/admin/outbox',
  summary: 'Mail outbox, newest first',
  tags: ['admin'],
  access: 'admin',
  response: OutboxList,
});
