// What a granted token manages, and whether a stored token still works: the networks' own APIs,
// called by the server with the token in the Authorization header (never in a URL, so never in a
// log line). These are the specification's browser-side calls (Facebook accounts and their
// Instagram business accounts, the Facebook feed and Instagram media checks), made here instead.
import { apiUrl, HttpClient, type HttpResult, type OutboundPolicy } from '../ingest/connectors/http.ts';
import { networkOfStream, type AccountApi, type BaseUrls, type LinkedAccount } from '../networks/index.ts';
import { GrantError, NetworkUnavailable } from './client.ts';
import type { Network } from './networks.ts';

export interface ApiContext {
  baseUrls: BaseUrls;
  linkedInVersion: string;
  outbound: OutboundPolicy;
}

export type { LinkedAccount };

const http = (outbound: OutboundPolicy) => new HttpClient({ outbound, timeoutMs: 15_000, serverRetries: 1, backoffMs: 300, rateLimitWaits: 0 });
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

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

/** The API calls one network's linking makes, through `get` above. */
const accountApi = (net: Network, ctx: ApiContext): AccountApi => ({
  get: (base, path, token, headers) => get(net, ctx, ctx.baseUrls[base], path, token, headers),
  linkedInVersion: ctx.linkedInVersion,
});

/**
 * The accounts a fresh grant gives access to: Facebook pages, Instagram business accounts linked
 * to them, the YouTube channel, LinkedIn organisations the member administers, the TikTok or X
 * account (each network's network.ts). Throws GrantError with the message to show when there are none.
 */
export async function listAccounts(net: Network, ctx: ApiContext, token: string, extra: Record<string, unknown> = {}): Promise<LinkedAccount[]> {
  const list = networkOfStream(net.streamId)?.listAccounts;
  if (!list) throw new GrantError(`Stream ${String(net.streamId)} cannot be linked`);
  return list(accountApi(net, ctx), token, extra);
}

/**
 * Whether a stored token still reads the account: the Facebook page's feed, the Instagram
 * account's media, the YouTube channel, the TikTok or X account. Throws GrantError with the
 * network's message when it does not. (LinkedIn is checked by introspection, client.ts.)
 */
export async function probeToken(net: Network, ctx: ApiContext, externalId: string, token: string): Promise<void> {
  await networkOfStream(net.streamId)?.probeToken?.(accountApi(net, ctx), externalId, token);
}
