import { defineOperation } from '../operation.ts';
import { AccessTokenProfile, SaveAccessTokenBody } from './model.ts';

/**
 * The specification's save: creates or updates a profile of the project; a token in the body is
 * checked with the network first (a rejected one answers 400 and nothing is stored), then stored
 * encrypted. Answers the profile (never the token).
 */
export const saveAccessToken = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/accesstoken/save',
  summary: 'Save a profile (and a token for it)',
  tags: ['access-tokens'],
  access: 'user',
  body: SaveAccessTokenBody,
  response: AccessTokenProfile,
  errors: [409],
});
