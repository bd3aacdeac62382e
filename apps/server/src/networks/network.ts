// What one network contributes to collection beyond its connectors: the connector that reads a
// linked profile's own posts, those that read the comments and replies under them, and the read of
// the profile's follower count. Each network's folder exports one Network; the registry lists
// them by stream id, so the jobs loop over networks instead of switching on stream ids
// (docs/architecture.md, "Adding a network").
import { apiUrl, type HttpClient, type HttpResult } from '../ingest/connectors/http.ts';
import type { BaseUrls, ConnectorSpec } from './registry.ts';

/** A linked (owned) profile as the collection jobs read it. */
export interface LinkedProfileRef {
  stream_id: number;
  external_id: string;
  name: string;
  handle: string | null;
}

/** The tokens a profile's conversations are read with: its own, and TikTok's Research API client token. */
export interface ConversationTokens {
  token: string;
  researchToken: string | null;
}

export interface FollowerContext {
  http: HttpClient;
  urls: BaseUrls;
  linkedInVersion: string;
  /** YouTube Data API key: channel statistics are public. */
  youtubeApiKey?: string | null;
}

export interface ProfileToRead {
  id: number;
  stream_id: number;
  external_id: string;
  token: string;
}

export type FollowerRead = { ok: true; followers: number } | { ok: false; reason: string };

/** One account a granted token manages, as a profile of the project. */
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

/**
 * The linking calls' access to a network's API (oauth/accounts.ts): a GET with the token that
 * answers the body, or throws the product's grant error in the network's words.
 */
export interface AccountApi {
  get: (base: keyof BaseUrls, path: string, token: string, headers?: Record<string, string>) => Promise<Record<string, unknown>>;
  linkedInVersion: string;
}

export interface Network {
  streamId: number;
  /** The connector reading a linked profile's own posts. */
  profileSpec?: (p: LinkedProfileRef, token: string) => ConnectorSpec;
  /** The connector reading the comments under one of the profile's posts (null: not read). */
  commentSpec?: (p: Pick<LinkedProfileRef, 'external_id'>, postId: string, t: ConversationTokens) => ConnectorSpec | null;
  /** The connector reading the replies to one comment, for networks that nest them. */
  replySpec?: (commentId: string, t: ConversationTokens) => ConnectorSpec | null;
  /** The profile's follower count, read with its own token. */
  readFollowers?: (ctx: FollowerContext, p: ProfileToRead) => Promise<FollowerRead>;
  /** The accounts a fresh grant gives access to; throws GrantError with the message to show when there are none. */
  listAccounts?: (api: AccountApi, token: string, extra: Record<string, unknown>) => Promise<LinkedAccount[]>;
  /** Whether a stored token still reads the account; throws GrantError with the network's message when not. */
  probeToken?: (api: AccountApi, externalId: string, token: string) => Promise<void>;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const count = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** A follower count picked from an answer's body: a whole number, else 'no_follower_count'. */
export const followerCount = (r: HttpResult, pick: (body: unknown) => unknown): FollowerRead => {
  if (!r.ok) return { ok: false, reason: r.reason };
  const n = count(pick(r.body));
  return n === null ? { ok: false, reason: 'no_follower_count' } : { ok: true, followers: n };
};

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number => (Number.isFinite(Number(v)) ? Number(v) : 0);

export { apiUrl, num, obj, str };
