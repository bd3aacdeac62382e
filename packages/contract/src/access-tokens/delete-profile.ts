import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { zLinkStreamId } from './model.ts';

/** Removes a profile (and its token) from the project; `binRuleId` is the profile's rule when it has one. */
export const deleteProfile = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/profile/delete',
  summary: 'Remove a profile from the project',
  tags: ['access-tokens'],
  access: 'user',
  query: z.object({ binRuleId: zId.optional(), profileId: zId, streamId: zLinkStreamId, projectId: zId }),
  response: z.object({ ProfileId: z.number() }),
});
