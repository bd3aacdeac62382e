// Linking social accounts (docs/spec/000_a68d9a07050fe88c.txt sections 2-4, 7, 8 and docs/spec/002_6c80e0f7cd09047f.txt section 7.8).
// A profile is one account of a project on one stream (a Facebook page, an Instagram business
// account, a YouTube channel, a LinkedIn organisation page, a TikTok or X account). Its token is
// granted through the network's OAuth authorisation page and stays on the server: no answer here
// carries a token (the specification's `AccessToken` field is replaced by `HasToken`; docs/api.md).
import { z } from 'zod';
import { zId } from '../common.ts';

/** The streams an account can be linked on: 7 X, 8 Facebook, 9 Instagram, 10 YouTube, 11 LinkedIn, 12 TikTok. */
export const zLinkStreamId = z.coerce
  .number<number>({ error: 'must be a number' })
  .int('must be a whole number')
  .refine((n) => n >= 7 && n <= 12, 'must be one of 7 (X), 8 (Facebook), 9 (Instagram), 10 (YouTube), 11 (LinkedIn), 12 (TikTok)');

/** One profile of the Access Token Management modal. Status: Not Granted (!HasToken), Invalid (HasToken && !IsValid), Granted. */
export const AccessTokenProfile = z.object({
  ProfileId: z.number(),
  StreamId: z.number(),
  Name: z.string(),
  BinRuleId: z.number().nullable(),
  /** A token is stored (the token itself never leaves the server). */
  HasToken: z.boolean(),
  /** The computed validity: a token that the last check did not reject. False without a token. */
  IsValid: z.boolean(),
  Handle: z.string().nullable(),
  Image: z.string().nullable(),
  Link: z.string().nullable(),
  FollowerCount: z.number(),
  /** When the token was granted (ISO 8601), null without one. */
  GrantedAt: z.string().nullable(),
  /** When the token expires (ISO 8601); null: it does not expire, or there is no token. */
  ExpiresAt: z.string().nullable(),
  /** When the token was last checked against the network (ISO 8601). */
  CheckedAt: z.string().nullable(),
  /** Why the last check rejected the token (the network's message), null when it did not. */
  Error: z.string().nullable(),
});
export type AccessTokenProfile = z.infer<typeof AccessTokenProfile>;

/** What a grant is for: a project's stream, and on a re-grant the profile whose token is renewed. */
export const GrantTarget = z.object({
  projectId: zId,
  streamId: zLinkStreamId,
  profileId: zId.optional(),
});
export type GrantTarget = z.infer<typeof GrantTarget>;

/** Where to send the browser: the network's authorisation page, or the product's signed grant link. */
export const GrantUrl = z.object({ url: z.string() });
export type GrantUrl = z.infer<typeof GrantUrl>;

/**
 * A grant started in a session: the network's authorisation page, and the nonce the starting
 * browser keeps and sends back with the completion (`GrantReturn.browserNonce`). Only that user's
 * session with that nonce completes the grant.
 */
export const GrantStarted = z.object({ url: z.string(), browserNonce: z.string() });
export type GrantStarted = z.infer<typeof GrantStarted>;

/**
 * What the network's redirect brings back to a return page (/profile, /brandInfluencer,
 * /brandInfluencerprofile), passed on as it arrives: `code` and `state`, or on a denial `error`
 * (and `error_description`, accepted but never shown: grantErrorMessage says what the code means).
 * `browserNonce`: the nonce the start answered (GrantStarted), from the browser that started it.
 */
export const GrantReturn = z.object({
  state: z.string({ error: 'state is required' }).min(1, 'state is required').max(2000, 'state is too long'),
  code: z.string().max(4000, 'code is too long').optional(),
  error: z.string().max(200, 'error is too long').optional(),
  error_description: z.string().max(2000, 'error_description is too long').optional(),
  browserNonce: z.string().max(200, 'browserNonce is too long').optional(),
});
export type GrantReturn = z.infer<typeof GrantReturn>;

/** A completed grant: the profiles now linked, and the message to show. */
export const GrantResult = z.object({
  Message: z.string(),
  StreamId: z.number(),
  Profiles: z.array(z.object({ ProfileId: z.number(), StreamId: z.number(), Name: z.string(), Handle: z.string().nullable() })),
});
export type GrantResult = z.infer<typeof GrantResult>;

/** One profile's token, by id (the check and the validate calls). */
export const ProfileTokenBody = z.object({ profileId: zId });

/**
 * A token check as the toast shows it (docs/spec/000_a68d9a07050fe88c.txt section 8): `error` when the network rejects the token
 * (its message) or LinkedIn says 'expired'; `warning` with the expiry date, validity and grant date
 * when the token expires; `success` with 'Never' when it does not.
 */
export const TokenCheck = z.object({
  ProfileId: z.number(),
  Kind: z.enum(['success', 'warning', 'error']),
  Message: z.string(),
  IsValid: z.boolean(),
  /** ISO 8601, or 'Never' for a token that does not expire; null when unknown (an error). */
  ExpiresAt: z.string().nullable(),
  GrantedAt: z.string().nullable(),
});
export type TokenCheck = z.infer<typeof TokenCheck>;

/** LinkedIn's and TikTok's validate answer (LinkedIn's token introspection fields; times in epoch seconds). */
export const TokenValidation = z.object({
  status: z.string(),
  active: z.boolean(),
  expires_at: z.number().nullable(),
  created_at: z.number().nullable(),
});
export type TokenValidation = z.infer<typeof TokenValidation>;

/** The specification's access-token save payload; a token in it is checked with the network before it is stored. */
export const SaveAccessTokenBody = z.object({
  profileId: zId.optional(),
  name: z.string().trim().min(1, 'name is required').max(200, 'name is too long'),
  projectId: zId,
  streamId: zLinkStreamId,
  access_token: z.string().min(1, 'access_token is empty').max(4000, 'access_token is too long').optional(),
  access_token_secret: z.string().min(1, 'access_token_secret is empty').max(4000, 'access_token_secret is too long').optional(),
  handle: z.string().trim().max(200, 'handle is too long').optional(),
  followerCount: z.coerce.number<number>().int().min(0, 'followerCount must not be negative').max(2_147_483_647).optional(),
  image: z.string().trim().max(2000, 'image is too long').optional(),
  link: z.string().trim().max(2000, 'link is too long').optional(),
  summary: z.string().trim().max(4000, 'summary is too long').optional(),
  /** The account's id on the network; required for a new profile. */
  externalId: z.string().trim().min(1).max(200, 'externalId is too long').optional(),
});
export type SaveAccessTokenBody = z.infer<typeof SaveAccessTokenBody>;
