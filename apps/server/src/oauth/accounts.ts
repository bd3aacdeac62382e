// What a granted token manages, and whether a stored token still works: the networks' own APIs,
// called by the server with the token in the Authorization header (never in a URL, so never in a
// log line). These are the specification's browser-side calls (Facebook accounts and their
// Instagram business accounts, the Facebook feed and Instagram media checks), made here instead.
import { MESSAGES, STREAMS } from '@listening/contract';
import { canonicalAccountId, linkedInOrganisationNumber } from '../ingest/account-id.ts';
import { apiUrl, HttpClient, type HttpResult, type OutboundPolicy } from '../ingest/connectors/http.ts';
import type { BaseUrls } from '../networks/registry.ts';
import { GrantError, NetworkUnavailable } from './client.ts';
import type { Network } from './networks.ts';

export interface ApiContext {
  baseUrls: BaseUrls;
  linkedInVersion: string;
  outbound: OutboundPolicy;
}

/** One account the token manages, as a profile of the project. */
export interface LinkedAccount {
  externalId: string;
  name: string;
  handle: string | null;
  link: string | null;
  image: string | null;
  followers: number;
  /** The token the connectors read it with: a Facebook page's own token, else the granted one. */
  token: string;
}

const http = (outbound: OutboundPolicy) => new HttpClient({ outbound, timeoutMs: 15_000, serverRetries: 1, backoffMs: 300, rateLimitWaits: 0 });
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** The network's explanation of a refused call, read from its error body. */
function refusal(net: Network, r: Extract<HttpResult, { ok: false }>, body?: unknown): string {
  const b = obj(body);
  const e = obj(b.error);
  const message = str(e.message) ?? str(b.message) ?? str(b.detail) ?? str(b.error_description);
  if (message) return message;
  if (r.status === 401 || r.status === 403) return `${net.name} rejected the access token`;
  return `${net.name} refused the request (${r.reason})`;
}

async function get(net: Network, ctx: ApiContext, base: string, path: string, token: string, headers: Record<string, string> = {}): Promise<Obj> {
  const client = http(ctx.outbound);
  let errorBody: unknown;
  const r = await client.json({
    url: apiUrl(base, path),
    headers: { authorization: `Bearer ${token}`, ...headers },
    classify: (status, body) => {
      // TikTok answers some errors with 200 and an error code other than 'ok'.
      const code = str(obj(obj(body).error).code);
      const failed = status >= 400 || (code !== null && code !== 'ok');
      if (failed) errorBody = body;
      return status < 400 && failed ? { kind: 'stop', reason: code! } : null;
    },
  });
  if (!r.ok) {
    // No answer, or the network's own failure: nothing is known about the token.
    if (r.status === undefined || r.status >= 500 || r.retryable)
      throw new NetworkUnavailable(`${net.name} could not be reached (${r.reason}). Please try again later.`);
    throw new GrantError(refusal(net, r, errorBody));
  }
  return obj(r.body);
}

const linkedInHeaders = (ctx: ApiContext) => ({ 'LinkedIn-Version': ctx.linkedInVersion, 'X-Restli-Protocol-Version': '2.0.0' });

/**
 * The accounts a fresh grant gives access to: Facebook pages, Instagram business accounts linked
 * to them, the YouTube channel, LinkedIn organisations the member administers, the TikTok or X
 * account. Throws GrantError with the message to show when there are none.
 */
export async function listAccounts(net: Network, ctx: ApiContext, token: string, extra: Record<string, unknown> = {}): Promise<LinkedAccount[]> {
  const b = ctx.baseUrls;
  switch (net.streamId) {
    case 8:
    case 9: {
      const fields = 'id,name,access_token,link,picture{url},fan_count,instagram_business_account{id,username,name,profile_picture_url,followers_count}';
      const res = await get(net, ctx, b.graph, `/me/accounts?fields=${encodeURIComponent(fields)}&limit=100`, token);
      const pages = Array.isArray(res.data) ? res.data.map(obj) : [];
      if (net.streamId === 8) {
        const out = pages.flatMap((p): LinkedAccount[] => {
          const id = str(p.id);
          const pageToken = str(p.access_token);
          if (!id || !pageToken) return [];
          return [
            {
              externalId: id,
              name: str(p.name) ?? id,
              handle: null,
              link: str(p.link),
              image: str(obj(obj(p.picture).data).url),
              followers: num(p.fan_count),
              token: pageToken,
            },
          ];
        });
        if (!out.length) throw new GrantError('There are no Facebook pages that this account manages.');
        return out;
      }
      const out = pages.flatMap((p): LinkedAccount[] => {
        const ig = obj(p.instagram_business_account);
        const id = str(ig.id);
        const pageToken = str(p.access_token);
        if (!id || !pageToken) return [];
        const username = str(ig.username);
        return [
          {
            externalId: id,
            name: str(ig.name) ?? username ?? id,
            handle: username,
            link: username ? `https://www.instagram.com/${username}` : null,
            image: str(ig.profile_picture_url),
            followers: num(ig.followers_count),
            token: pageToken,
          },
        ];
      });
      if (!out.length) throw new GrantError(MESSAGES.noInstagramBusiness);
      return out;
    }
    case 10: {
      const res = await get(net, ctx, b.youtube, '/youtube/v3/channels?part=snippet,statistics&mine=true', token);
      const out = (Array.isArray(res.items) ? res.items.map(obj) : []).flatMap((c): LinkedAccount[] => {
        const id = str(c.id);
        if (!id) return [];
        const s = obj(c.snippet);
        const handle = str(s.customUrl);
        return [
          {
            externalId: id,
            name: str(s.title) ?? id,
            handle,
            link: `https://www.youtube.com/channel/${id}`,
            image: str(obj(obj(s.thumbnails).default).url),
            followers: num(obj(c.statistics).subscriberCount),
            token,
          },
        ];
      });
      if (!out.length) throw new GrantError('This Google account has no YouTube channel.');
      return out;
    }
    case 11: {
      const acls = await get(net, ctx, b.linkedin, '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED', token, linkedInHeaders(ctx));
      const urns = (Array.isArray(acls.elements) ? acls.elements.map(obj) : []).map((e) => str(e.organization)).filter((u): u is string => !!u);
      const out: LinkedAccount[] = [];
      for (const urn of [...new Set(urns)]) {
        const id = urn.split(':').pop()!;
        if (!/^\d+$/.test(id)) continue;
        const org = await get(net, ctx, b.linkedin, `/rest/organizations/${id}`, token, linkedInHeaders(ctx));
        const vanity = str(org.vanityName);
        out.push({
          externalId: canonicalAccountId(STREAMS.LinkedIn, id),
          name: str(org.localizedName) ?? id,
          handle: vanity,
          link: vanity ? `https://www.linkedin.com/company/${vanity}` : null,
          image: null,
          followers: 0,
          token,
        });
      }
      if (!out.length) throw new GrantError('This LinkedIn member administers no organisation pages.');
      return out;
    }
    case 12: {
      const res = await get(net, ctx, b.tiktok, '/v2/user/info/?fields=open_id,display_name,username,avatar_url,follower_count,profile_deep_link', token);
      const u = obj(obj(res.data).user);
      const id = str(u.open_id) ?? str(extra.open_id);
      if (!id) throw new GrantError('TikTok did not say which account was granted.');
      return [
        {
          externalId: id,
          name: str(u.display_name) ?? str(u.username) ?? id,
          handle: str(u.username),
          link: str(u.profile_deep_link),
          image: str(u.avatar_url),
          followers: num(u.follower_count),
          token,
        },
      ];
    }
    case 7: {
      const res = await get(net, ctx, b.x, '/2/users/me?user.fields=profile_image_url,public_metrics,username,name', token);
      const u = obj(res.data);
      const id = str(u.id);
      if (!id) throw new GrantError('X did not say which account was granted.');
      const handle = str(u.username);
      return [
        {
          externalId: id,
          name: str(u.name) ?? handle ?? id,
          handle,
          link: handle ? `https://x.com/${handle}` : null,
          image: str(u.profile_image_url),
          followers: num(obj(u.public_metrics).followers_count),
          token,
        },
      ];
    }
    default:
      throw new GrantError(`Stream ${String(net.streamId)} cannot be linked`);
  }
}

/**
 * Whether a stored token still reads the account: the Facebook page's feed, the Instagram
 * account's media, the YouTube channel, the TikTok or X account. Throws GrantError with the
 * network's message when it does not. (LinkedIn is checked by introspection, client.ts.)
 */
export async function probeToken(net: Network, ctx: ApiContext, externalId: string, token: string): Promise<void> {
  const b = ctx.baseUrls;
  const id = encodeURIComponent(externalId);
  switch (net.streamId) {
    case 8:
      await get(net, ctx, b.graph, `/${id}/feed?limit=1`, token);
      return;
    case 9:
      await get(net, ctx, b.graph, `/${id}/media?limit=1`, token);
      return;
    case 10:
      await get(net, ctx, b.youtube, '/youtube/v3/channels?part=id&mine=true', token);
      return;
    case 11:
      await get(net, ctx, b.linkedin, `/rest/organizations/${encodeURIComponent(linkedInOrganisationNumber(externalId))}`, token, linkedInHeaders(ctx));
      return;
    case 12:
      await get(net, ctx, b.tiktok, '/v2/user/info/?fields=open_id', token);
      return;
    case 7:
      await get(net, ctx, b.x, '/2/users/me', token);
      return;
  }
}
