import { defineOperation } from '../operation.ts';
import { UnsubscribeBody, UnsubscribeResult } from './model.ts';

/** The link in a word-bin digest: removes that recipient from that list. The token is signed per recipient. */
export const unsubscribeWordBin = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/wordbin/unsubscribe',
  summary: 'Remove the recipient named by a signed unsubscribe token from its word bin',
  tags: ['word-bins'],
  access: 'public',
  rateLimit: 'form',
  body: UnsubscribeBody,
  response: UnsubscribeResult,
});
