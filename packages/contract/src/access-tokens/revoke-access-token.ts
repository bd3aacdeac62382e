import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { AccessTokenProfile, zLinkStreamId } from './model.ts';

/** Revokes a profile's token: removed from the server (and revoked at the network where it can be); the connectors stop reading it. */
export const revokeAccessToken = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/accesstoken/revoke',
  summary: "Revoke a profile's token",
  tags: ['access-tokens'],
  access: 'user',
  body: z.object({ profileId: zId, streamId: zLinkStreamId }),
  response: AccessTokenProfile,
});
