import { defineOperation } from '../operation.ts';
import { ProfileTokenBody, TokenValidation } from './model.ts';

/** Checks a LinkedIn profile's token (stream 11) with LinkedIn; 'expired' and 'revoked' mark it invalid. */
export const validateLinkedIn = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/linkedin/validate',
  summary: 'Validate a LinkedIn token',
  tags: ['access-tokens'],
  access: 'user',
  body: ProfileTokenBody,
  response: TokenValidation,
  errors: [409, 503],
});
