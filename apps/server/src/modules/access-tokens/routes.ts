import {
  checkAccessToken,
  createGrantLink,
  deleteProfile,
  getAccessTokens,
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
import type { Route } from '../../http/route.ts';
import { tokenDeps } from '../../oauth/linked-profiles.ts';
import type { Deps } from '../../types.ts';
import * as tokens from './service.ts';

/** Linking social accounts: the Access Token Management modal, OAuth grants and their return pages. */
export function accessTokenRoutes(route: Route, { db, config }: Deps): void {
  const deps = () => tokenDeps(config);
  route(getAccessTokens, ({ user, query }) => tokens.list(db, user, query.projectId));
  route(startGrant, ({ user, body }) => tokens.startGrant(db, deps(), user, body));
  route(getTwitterRequest, ({ user, query }) => tokens.twitterRequest(db, deps(), user, query));
  route(createGrantLink, ({ user, body }) => tokens.createLink(db, deps(), user, body));
  route(openGrantLink, async ({ query, reply }) => reply.redirect(await tokens.openLink(db, deps(), query.link), 302));
  route(saveProfile, ({ body }) => tokens.completeGrant(db, deps(), body));
  route(saveProfileV2, ({ body }) => tokens.completeGrant(db, deps(), body, 9));
  route(getLinkedInPages, ({ body }) => tokens.completeGrant(db, deps(), body, 11));
  route(saveTikTokProfile, ({ body }) => tokens.completeGrant(db, deps(), body, 12));
  route(saveAccessToken, ({ user, body }) => tokens.save(db, deps(), user, body));
  route(revokeAccessToken, ({ user, body }) => tokens.revoke(db, deps(), user, body));
  route(deleteProfile, ({ user, query }) => tokens.deleteProfile(db, deps(), user, query));
  route(checkAccessToken, ({ user, body }) => tokens.check(db, deps(), user, body.profileId));
  route(validateLinkedIn, ({ user, body }) => tokens.validate(db, deps(), user, body.profileId, 11));
  route(validateTikTok, ({ user, body }) => tokens.validate(db, deps(), user, body.profileId, 12));
}
