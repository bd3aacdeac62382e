import { defineOperation } from '../operation.ts';
import { UnsubscribeLinkBody, UnsubscribeLinkResult } from './model.ts';

/**
 * The unsubscribe link of every mail (report, reaction or crisis list, alert): its signed token
 * names the thing and the contact, who is removed from its recipients. No session: the token,
 * which came in their mail, is the proof. Older word-bin digest links are accepted too.
 */
export const unsubscribeByLink = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/unsubscribe',
  summary: 'Remove the contact named by a signed unsubscribe token from what it names',
  tags: ['alerts'],
  access: 'public',
  rateLimit: 'form',
  body: UnsubscribeLinkBody,
  response: UnsubscribeLinkResult,
});
