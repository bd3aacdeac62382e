import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { AccountOptions } from './model.ts';

/** Step 3's options (requested by: the client's active contacts) with their defaults. */
export const getAccountOptions = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/agreement/dropdowns/populate/short/:id',
  summary: "The wizard's account options for a client",
  tags: ['wizard'],
  access: 'admin',
  params: z.object({ id: zId }),
  response: AccountOptions,
});
