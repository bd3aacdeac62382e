// Builds connectors from plain specs (what a job reads from profiles and bin rules), so the
// scheduler needs no knowledge of each class. Base URLs come from config; the defaults below are
// the networks' public addresses, used only when config names none.
import { BlogFeedConnector } from './blog/api.ts';
import { blog } from './blog/network.ts';
import { facebook } from './facebook/network.ts';
import { instagram } from './instagram/network.ts';
import { linkedin } from './linkedin/network.ts';
import type { Network } from './network.ts';
import { tiktok } from './tiktok/network.ts';
import { x } from './x/network.ts';
import { youtube } from './youtube/network.ts';
import { FacebookCommentsConnector, FacebookPageConnector } from './facebook/api.ts';
import { HttpClient, type HttpOptions } from '../ingest/connectors/http.ts';
import { InstagramCommentsConnector, InstagramHashtagConnector, InstagramMediaConnector } from './instagram/api.ts';
import { LinkedInCommentsConnector, LinkedInPostsConnector } from './linkedin/api.ts';
import { TikTokCommentsConnector, TikTokRepliesConnector, TikTokVideosConnector } from './tiktok/api.ts';
import type { Connector } from '../ingest/connectors/types.ts';
import { XSearchConnector, XTimelineConnector } from './x/api.ts';
import { YouTubeChannelConnector, YouTubeCommentsConnector, YouTubeRepliesConnector, YouTubeSearchConnector } from './youtube/api.ts';

export interface BaseUrls {
  x: string;
  graph: string;
  youtube: string;
  linkedin: string;
  tiktok: string;
}

export const DEFAULT_BASE_URLS: BaseUrls = {
  x: 'https://api.x.com',
  // v25.0: released 18 Feb 2026, served until 29 Jul 2028 (Meta's changelog); v18.0 ended 26 Jan 2026.
  graph: 'https://graph.facebook.com/v25.0',
  youtube: 'https://www.googleapis.com',
  linkedin: 'https://api.linkedin.com',
  tiktok: 'https://open.tiktokapis.com',
};

/**
 * LinkedIn versions its API monthly (YYYYMM) and serves each version for about a year: 202607
 * (July 2026) is served until about July 2027. LINKEDIN_VERSION overrides it; the server warns at
 * start when the version in use is older than ten months (linkedin.ts).
 */
export const DEFAULT_LINKEDIN_VERSION = '202607';

export type ConnectorSpec =
  | { kind: 'x.search'; bearerToken: string; query: string; key?: string }
  | { kind: 'x.timeline'; bearerToken: string; userId: string }
  | { kind: 'facebook.page'; accessToken: string; pageId: string }
  | { kind: 'facebook.comments'; accessToken: string; postId: string }
  | { kind: 'instagram.media'; accessToken: string; igUserId: string }
  | { kind: 'instagram.comments'; accessToken: string; igUserId: string; mediaId: string }
  | { kind: 'instagram.hashtag'; accessToken: string; igUserId: string; hashtag: string }
  | { kind: 'youtube.search'; apiKey?: string; accessToken?: string; q: string; key?: string }
  | { kind: 'youtube.channel'; apiKey?: string; accessToken?: string; channelId: string }
  | { kind: 'youtube.comments'; apiKey?: string; accessToken?: string; videoId: string }
  | { kind: 'youtube.replies'; apiKey?: string; accessToken?: string; commentId: string }
  | { kind: 'linkedin.posts'; accessToken: string; orgUrn: string; orgName?: string }
  | { kind: 'linkedin.comments'; accessToken: string; postUrn: string }
  | { kind: 'tiktok.videos'; accessToken: string; openId: string; username?: string; displayName?: string }
  | { kind: 'tiktok.comments'; accessToken: string; videoId: string }
  | { kind: 'tiktok.replies'; accessToken: string; commentId: string }
  | { kind: 'blog.feed'; feedUrl: string };

export interface RegistryOptions {
  baseUrls?: Partial<BaseUrls>;
  linkedInVersion?: string;
  /** One client for all connectors, or options to build one (sleep, clock, logger, limits). */
  http?: HttpClient | HttpOptions;
}

export function createConnector(spec: ConnectorSpec, opts: RegistryOptions = {}): Connector {
  const urls = { ...DEFAULT_BASE_URLS, ...opts.baseUrls };
  const http = opts.http instanceof HttpClient ? opts.http : new HttpClient(opts.http);
  switch (spec.kind) {
    case 'x.search':
      return new XSearchConnector({ ...spec, baseUrl: urls.x, http });
    case 'x.timeline':
      return new XTimelineConnector({ ...spec, baseUrl: urls.x, http });
    case 'facebook.page':
      return new FacebookPageConnector({ ...spec, baseUrl: urls.graph, http });
    case 'facebook.comments':
      return new FacebookCommentsConnector({ ...spec, baseUrl: urls.graph, http });
    case 'instagram.media':
      return new InstagramMediaConnector({ ...spec, baseUrl: urls.graph, http });
    case 'instagram.comments':
      return new InstagramCommentsConnector({ ...spec, baseUrl: urls.graph, http });
    case 'instagram.hashtag':
      return new InstagramHashtagConnector({ ...spec, baseUrl: urls.graph, http });
    case 'youtube.search':
      return new YouTubeSearchConnector({ ...spec, baseUrl: urls.youtube, http });
    case 'youtube.channel':
      return new YouTubeChannelConnector({ ...spec, baseUrl: urls.youtube, http });
    case 'youtube.comments':
      return new YouTubeCommentsConnector({ ...spec, baseUrl: urls.youtube, http });
    case 'youtube.replies':
      return new YouTubeRepliesConnector({ ...spec, baseUrl: urls.youtube, http });
    case 'linkedin.posts':
      return new LinkedInPostsConnector({ ...spec, baseUrl: urls.linkedin, version: opts.linkedInVersion ?? DEFAULT_LINKEDIN_VERSION, http });
    case 'linkedin.comments':
      return new LinkedInCommentsConnector({ ...spec, baseUrl: urls.linkedin, version: opts.linkedInVersion ?? DEFAULT_LINKEDIN_VERSION, http });
    case 'tiktok.videos':
      return new TikTokVideosConnector({ ...spec, baseUrl: urls.tiktok, http });
    case 'tiktok.comments':
      return new TikTokCommentsConnector({ ...spec, baseUrl: urls.tiktok, http });
    case 'tiktok.replies':
      return new TikTokRepliesConnector({ ...spec, baseUrl: urls.tiktok, http });
    case 'blog.feed':
      return new BlogFeedConnector({ ...spec, http });
  }
}

/** Every network, by stream id: what the jobs loop over instead of switching on stream ids. */
const NETWORKS: readonly Network[] = [x, facebook, instagram, youtube, linkedin, tiktok, blog];
const BY_STREAM = new Map(NETWORKS.map((n) => [n.streamId, n]));

export const networkOfStream = (streamId: number): Network | undefined => BY_STREAM.get(streamId);
