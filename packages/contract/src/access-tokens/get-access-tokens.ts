import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { z } from 'zod';
import { AccessTokenProfile } from './model.ts';

/** The project's profiles with their token status (Not Granted / Invalid / Granted); never the tokens. */
export const getAccessTokens = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/accesstoken/getall',
  summary: "A project's linked profiles and their token status",
  tags: ['access-tokens'],
  access: 'user',
  query: ProjectIdQuery,
  response: z.array(AccessTokenProfile),
});
