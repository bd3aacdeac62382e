import {
  checkAccessToken,
  createGrantLink,
  deleteProfile,
  getAccessTokens,
  getLinkableNetworks,
  getLinkedInPages,
  getTwitterRequest,
  openGrantLink,
  revokeAccessToken,
  saveAccessToken,
  saveProfile,
  saveProfileV2,
  saveTikTokProfile,
  startGrant,
  validateLinkedIn,
  validateTikTok,
} from '@listening/contract';
import type { FastifyRequest } from 'fastify';
import type { Route } from '../../http/route.ts';
import { tokenDeps } from '../../oauth/linked-profiles.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Deps } from '../../types.ts';
import * as tokens from './service.ts';

/** Linking social accounts: the Access Token Management modal, OAuth grants and their return pages. */
export function accessTokenRoutes(route: Route, { db, config }: Deps): void {
  const deps = () => tokenDeps(config);
  route(getAccessTokens, ({ user, query }) => tokens.list(db, user, query.projectId));
  route(getLinkableNetworks, ({ user, query }) => tokens.linkableNetworks(db, config.oauth, user, query.projectId));
  route(startGrant, ({ user, body }) => tokens.startGrant(db, deps(), user, body));
  route(getTwitterRequest, ({ user, query }) => tokens.twitterRequest(db, deps(), user, query));
  route(createGrantLink, ({ user, body }) => tokens.createLink(db, deps(), user, body));
  route(openGrantLink, async ({ query, reply }) => {
    const { url, cookie } = await tokens.openLink(db, deps(), query.link);
    return reply.header('set-cookie', cookie).redirect(url, 302);
  });
  // Public, so that an admin's link completes without a session; a grant started in a session
  // completes only in it (the caller's session and Cookie header go to the binding check).
  const caller = (user: AuthUser | null, req: FastifyRequest) => ({ user, cookie: req.headers.cookie });
  route(saveProfile, ({ body, user, req }) => tokens.completeGrant(db, deps(), body, caller(user, req)));
  route(saveProfileV2, ({ body, user, req }) => tokens.completeGrant(db, deps(), body, caller(user, req), 9));
  route(getLinkedInPages, ({ body, user, req }) => tokens.completeGrant(db, deps(), body, caller(user, req), 11));
  route(saveTikTokProfile, ({ body, user, req }) => tokens.completeGrant(db, deps(), body, caller(user, req), 12));
  route(saveAccessToken, ({ user, body }) => tokens.save(db, deps(), user, body));
  route(revokeAccessToken, ({ user, body }) => tokens.revoke(db, deps(), user, body));
  route(deleteProfile, ({ user, query }) => tokens.deleteProfile(db, deps(), user, query));
  route(checkAccessToken, ({ user, body }) => tokens.check(db, deps(), user, body.profileId));
  route(validateLinkedIn, ({ user, body }) => tokens.validate(db, deps(), user, body.profileId, 11));
  route(validateTikTok, ({ user, body }) => tokens.validate(db, deps(), user, body.profileId, 12));
}
