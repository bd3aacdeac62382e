import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/**
 * Opens an admin's grant link (createGrantLink): answers 302 to the network's authorisation page
 * with a fresh state for the link's project and stream. A forged or expired link answers 400.
 */
export const openGrantLink = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/accesstoken/grant/open',
  summary: "Open a grant link (redirects to the network's authorisation page)",
  tags: ['access-tokens'],
  access: 'public',
  query: z.object({ link: z.string({ error: 'link is required' }).min(1, 'link is required').max(2000, 'link is too long') }),
  response: z.null(),
  errors: [404, 409],
});
