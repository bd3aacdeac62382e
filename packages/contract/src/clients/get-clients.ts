import { defineOperation } from '../operation.ts';
import { ClientList } from './model.ts';

export const getClients = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/client/getall',
  summary: 'Clients the user belongs to (admins: all)',
  tags: ['clients'],
  access: 'user',
  response: ClientList,
});
