import { defineOperation } from '../operation.ts';
import { ProfileTokenBody, TokenValidation } from './model.ts';

/** Checks a TikTok profile's token (stream 12) with TikTok; 'expired' and 'revoked' mark it invalid. */
export const validateTikTok = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/tiktok/validate',
  summary: 'Validate a TikTok token',
  tags: ['access-tokens'],
  access: 'user',
  body: ProfileTokenBody,
  response: TokenValidation,
  errors: [409, 503],
});
