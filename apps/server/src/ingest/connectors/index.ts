// The connectors' public face for the pipeline and the jobs: build connectors, run them into a
// sink, keep their cursors. Network classes are exported for callers that build them directly.
export type { Connector, ConnectorLog, CursorValue, PageNext, PageOutcome, PostSink } from './types.ts';
export { runConnector, runConnectors, type ConnectorReport, type RunEnd, type RunOptions } from './runner.ts';
export { dbCursorStore, memoryCursorStore, type CursorStore } from './cursor-store.ts';
export { HttpClient, type HttpOptions } from './http.ts';
export { createConnector, DEFAULT_BASE_URLS, DEFAULT_LINKEDIN_VERSION, type BaseUrls, type ConnectorSpec, type RegistryOptions } from './registry.ts';
export { buildXQueries, type XRule } from './x-query.ts';
export { XSearchConnector, XTimelineConnector } from './x.ts';
export { FacebookCommentsConnector, FacebookPageConnector } from './facebook.ts';
export { InstagramCommentsConnector, InstagramHashtagConnector, InstagramMediaConnector } from './instagram.ts';
export { YouTubeChannelConnector, YouTubeCommentsConnector, YouTubeRepliesConnector, YouTubeSearchConnector } from './youtube.ts';
export { LinkedInCommentsConnector, LinkedInPostsConnector } from './linkedin.ts';
export {
  forgetResearchTokens,
  researchClientToken,
  TikTokCommentsConnector,
  TikTokRepliesConnector,
  TikTokVideosConnector,
  type ResearchCredentials,
} from './tiktok.ts';
export { BlogFeedConnector } from './blog.ts';
