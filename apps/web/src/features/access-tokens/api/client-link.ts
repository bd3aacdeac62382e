// The admin's 'send link to client': a link into the product that starts the same grant for the
// client, without the admin's session, for this project only.
import { createGrantLink } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { grantBody, type GrantTarget } from './start-grant.ts';

export const makeClientLink = async (target: GrantTarget): Promise<string> => (await call(createGrantLink, { body: grantBody(target) }, { quiet: true })).url;
