// The networks' public face: the registry that builds a connector from a spec, and each network's
// connector classes for callers that build them directly. One folder per network (docs/architecture.md).
export {
  createConnector,
  networkOfStream,
  DEFAULT_BASE_URLS,
  DEFAULT_LINKEDIN_VERSION,
  type BaseUrls,
  type ConnectorSpec,
  type RegistryOptions,
} from './registry.ts';
export { buildXQueries, type XRule } from './x/query.ts';
export { XSearchConnector, XTimelineConnector } from './x/api.ts';
export { FacebookCommentsConnector, FacebookPageConnector } from './facebook/api.ts';
export { InstagramCommentsConnector, InstagramHashtagConnector, InstagramMediaConnector } from './instagram/api.ts';
export { YouTubeChannelConnector, YouTubeCommentsConnector, YouTubeRepliesConnector, YouTubeSearchConnector } from './youtube/api.ts';
export { LinkedInCommentsConnector, LinkedInPostsConnector } from './linkedin/api.ts';
export {
  forgetResearchTokens,
  researchClientToken,
  TikTokCommentsConnector,
  TikTokRepliesConnector,
  TikTokVideosConnector,
  type ResearchCredentials,
} from './tiktok/api.ts';
export { BlogFeedConnector } from './blog/api.ts';
export type { AccountApi, ConversationTokens, LinkedAccount, FollowerContext, FollowerRead, LinkedProfileRef, Network, ProfileToRead } from './network.ts';
