import { defineOperation } from '../operation.ts';
import { ProfileTokenBody, TokenCheck } from './model.ts';

/**
 * The specification's browser-side token checks (Facebook feed, Instagram media, expiry
 * inspection), made by the server on the browser's behalf for any network; records the result.
 */
export const checkAccessToken = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/accesstoken/check',
  summary: "Check a profile's token with its network",
  tags: ['access-tokens'],
  access: 'user',
  body: ProfileTokenBody,
  response: TokenCheck,
  errors: [409, 503],
});
