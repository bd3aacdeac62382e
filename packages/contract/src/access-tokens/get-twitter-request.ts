import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { GrantStarted } from './model.ts';

/**
 * The specification's X call: the authorisation URL for linking an X account to the project
 * (OAuth 2 with PKCE). `callbackUrl` names the return page the browser comes back to and must be
 * one of this server's (/profile, /brandInfluencer, /brandInfluencerprofile). Bound like startGrant:
 * only the caller's session, sending back the answered `browserNonce`, completes it.
 */
export const getTwitterRequest = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/accesstoken/request/twitter/get',
  summary: 'Start linking an X account: the authorisation URL',
  tags: ['access-tokens'],
  access: 'user',
  query: z.object({
    callbackUrl: z.string({ error: 'callbackUrl is required' }).min(1, 'callbackUrl is required').max(2000, 'callbackUrl is too long'),
    projectId: zId,
    profileId: zId.optional(),
  }),
  response: GrantStarted,
  errors: [409],
});
