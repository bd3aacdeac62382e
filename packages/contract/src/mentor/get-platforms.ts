import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Platform } from './model.ts';

export const getPlatforms = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/platform/getall',
  summary: 'The platforms tutorials are listed by',
  tags: ['mentor'],
  access: 'user',
  response: z.array(Platform),
});
