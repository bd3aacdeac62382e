// OAuth settings per provider, from the environment (docs/access-tokens.md, docs/operations.md).
// Facebook and Instagram share the Facebook app (Instagram business accounts are reached through
// Facebook Login); YouTube uses a Google client. A provider without a client id is "not
// configured": starting a grant for it answers 409 instead of sending the user to a broken page.

/** The OAuth providers: one app registration each. */
export type Provider = 'facebook' | 'google' | 'linkedin' | 'tiktok' | 'x';

export interface ProviderSettings {
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  /** Where tokens are revoked (none: the provider has no revocation endpoint; revoking only forgets). */
  revokeUrl: string | null;
  /** LinkedIn's token introspection (linkedin/validate). */
  introspectUrl: string | null;
}

export type OAuthConfig = Record<Provider, ProviderSettings>;

/** The providers' documented endpoints, used unless OAUTH_<PROVIDER>_*_URL says otherwise. */
export const DEFAULT_ENDPOINTS: Record<Provider, Omit<ProviderSettings, 'clientId' | 'clientSecret'>> = {
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v25.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v25.0/oauth/access_token',
    revokeUrl: null,
    introspectUrl: null,
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    introspectUrl: null,
  },
  linkedin: {
    authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    revokeUrl: 'https://www.linkedin.com/oauth/v2/revoke',
    introspectUrl: 'https://www.linkedin.com/oauth/v2/introspectToken',
  },
  tiktok: {
    authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    revokeUrl: 'https://open.tiktokapis.com/v2/oauth/revoke/',
    introspectUrl: null,
  },
  x: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    revokeUrl: 'https://api.x.com/2/oauth2/revoke',
    introspectUrl: null,
  },
};

export const PROVIDERS: readonly Provider[] = ['facebook', 'google', 'linkedin', 'tiktok', 'x'];

/** OAUTH_<PROVIDER>_CLIENT_ID, _CLIENT_SECRET, _AUTHORIZE_URL, _TOKEN_URL, _REVOKE_URL, _INTROSPECT_URL. */
export function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig {
  const out = {} as OAuthConfig;
  for (const p of PROVIDERS) {
    const k = `OAUTH_${p.toUpperCase()}_`;
    const d = DEFAULT_ENDPOINTS[p];
    out[p] = {
      clientId: env[`${k}CLIENT_ID`] || null,
      clientSecret: env[`${k}CLIENT_SECRET`] || null,
      authorizeUrl: env[`${k}AUTHORIZE_URL`] || d.authorizeUrl,
      tokenUrl: env[`${k}TOKEN_URL`] || d.tokenUrl,
      revokeUrl: env[`${k}REVOKE_URL`] || d.revokeUrl,
      introspectUrl: env[`${k}INTROSPECT_URL`] || d.introspectUrl,
    };
  }
  return out;
}
