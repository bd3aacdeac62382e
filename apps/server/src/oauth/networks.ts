// How each stream is linked: which OAuth provider grants it, the scopes asked for, whether PKCE
// is used, and how the client authenticates at the token endpoint (docs/access-tokens.md).
//
// PKCE (RFC 7636, S256) wherever the provider supports it for a web app with a secret: X, Google,
// TikTok and Facebook Login. LinkedIn offers PKCE to native apps only, so its web flow relies on
// the client secret and the signed, single-use state.
import { STREAM_NAMES, type StreamId } from '@listening/contract';
import type { OAuthConfig, Provider } from './config.ts';

export interface Network {
  streamId: StreamId;
  /** The product's name for the network ('Facebook', 'YouTube', ...). */
  name: string;
  provider: Provider;
  scopes: string[];
  /** Separator of the scope list in the authorisation URL (TikTok and Facebook use commas). */
  scopeSeparator: ' ' | ',';
  pkce: boolean;
  /** How the client id and secret reach the token endpoint. */
  clientAuth: 'post' | 'basic';
  /** TikTok names the client id `client_key`. */
  clientIdParam: 'client_id' | 'client_key';
  /** Extra authorisation parameters (Google: offline access, so a refresh token comes back). */
  authorizeParams?: Record<string, string>;
}

const FACEBOOK_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_read_user_content', 'business_management'];

export const NETWORKS: Record<StreamId, Network> = {
  7: {
    streamId: 7,
    name: STREAM_NAMES[7],
    provider: 'x',
    scopes: ['tweet.read', 'users.read', 'offline.access'],
    scopeSeparator: ' ',
    pkce: true,
    clientAuth: 'basic',
    clientIdParam: 'client_id',
  },
  8: {
    streamId: 8,
    name: STREAM_NAMES[8],
    provider: 'facebook',
    scopes: FACEBOOK_SCOPES,
    scopeSeparator: ',',
    pkce: true,
    clientAuth: 'post',
    clientIdParam: 'client_id',
  },
  9: {
    streamId: 9,
    name: STREAM_NAMES[9],
    provider: 'facebook',
    scopes: [...FACEBOOK_SCOPES, 'instagram_basic', 'instagram_manage_comments'],
    scopeSeparator: ',',
    pkce: true,
    clientAuth: 'post',
    clientIdParam: 'client_id',
  },
  10: {
    streamId: 10,
    name: STREAM_NAMES[10],
    provider: 'google',
    scopes: ['https://www.googleapis.com/auth/youtube.readonly'],
    scopeSeparator: ' ',
    pkce: true,
    clientAuth: 'post',
    clientIdParam: 'client_id',
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
  },
  11: {
    streamId: 11,
    name: STREAM_NAMES[11],
    provider: 'linkedin',
    scopes: ['r_organization_social', 'rw_organization_admin'],
    scopeSeparator: ' ',
    pkce: false,
    clientAuth: 'post',
    clientIdParam: 'client_id',
  },
  12: {
    streamId: 12,
    name: STREAM_NAMES[12],
    provider: 'tiktok',
    scopes: ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list'],
    scopeSeparator: ',',
    pkce: true,
    clientAuth: 'post',
    clientIdParam: 'client_key',
  },
};

export function networkOf(streamId: number): Network | null {
  return (NETWORKS as Record<number, Network>)[streamId] ?? null;
}

/** The settings a network's provider still lacks (OAUTH_<PROVIDER>_CLIENT_ID, _CLIENT_SECRET; docs/operations.md). */
export function missingSettings(n: Network, oauth: OAuthConfig): string[] {
  const s = oauth[n.provider];
  const prefix = `OAUTH_${n.provider.toUpperCase()}`;
  return [!s.clientId && `${prefix}_CLIENT_ID`, !s.clientSecret && `${prefix}_CLIENT_SECRET`].filter((v): v is string => !!v);
}

/** The answer for a network whose provider has no client id on this server. */
export const notConfiguredMessage = (n: Network) => `${n.name} linking is not configured on this server`;
