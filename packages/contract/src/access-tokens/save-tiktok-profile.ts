import { defineOperation } from '../operation.ts';
import { GrantResult, GrantReturn } from './model.ts';

/**
 * Completes a grant with what the network's redirect brought back (code and state, or error):
 * TikTok (stream 12) only. Exchanges the code (with the PKCE verifier), lists the accounts the token manages and
 * links them to the state's project. Only the user who started the grant completes it, in their
 * session and with the starting browser's `browserNonce` (an admin's link: the browser that opened
 * it, by its cookie), else 403; 400 with a message for a forged, used or expired state, a denial,
 * a provider error or a rejected token. Either way nothing is stored.
 */
export const saveTikTokProfile = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/profile/tiktok/save',
  summary: 'Complete a TikTok grant from the return page',
  tags: ['access-tokens'],
  access: 'public',
  body: GrantReturn,
  response: GrantResult,
  errors: [403, 409],
});
