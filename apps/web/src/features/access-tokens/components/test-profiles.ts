// A linked profile as the access-token list answers it, for the access-token components' tests:
// no token, checked never, unless the test says otherwise.
import type { AccessTokenProfile } from '@listening/contract';

export const tokenProfile = (over: Pick<AccessTokenProfile, 'ProfileId'> & Partial<AccessTokenProfile>): AccessTokenProfile => ({
  StreamId: 8,
  Name: `Page ${over.ProfileId}`,
  BinRuleId: null,
  HasToken: false,
  IsValid: false,
  Handle: null,
  Image: null,
  Link: null,
  FollowerCount: 0,
  GrantedAt: null,
  ExpiresAt: null,
  CheckedAt: null,
  Error: null,
  ...over,
});
