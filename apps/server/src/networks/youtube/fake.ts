// A local fake of the YouTube Data API v3: search, videos, channels, playlistItems and
// commentThreads with {items, nextPageToken}, the error envelope {error:{code,message,errors:[{reason}]}}.
import { Faults, paginate, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export interface FakeVideo {
  id: string;
  publishedAt: string;
  title: string;
  description: string;
  /** status.privacyStatus: 'public' (default), 'unlisted' or 'private'. */
  privacyStatus?: 'public' | 'unlisted' | 'private';
}

/** The brand's channel: its title, and its @handle (snippet.customUrl; authorDisplayName of its comments). */
export const CHANNEL = { id: 'UCbrand', title: 'Brand SA', handle: '@brandsa', uploads: 'UUbrand' };

/** Six videos, newest first. */
export function ytVideos(): FakeVideo[] {
  return Array.from({ length: 6 }, (_, i) => {
    const n = 6 - i;
    return { id: `vid${n}`, publishedAt: `2024-01-0${n}T08:00:00Z`, title: `Video ${n}`, description: `All about the brand, part ${n}` };
  });
}

/** `byChannel`: threads written by the brand's channel itself (authorDisplayName is its @handle, as YouTube shows it). */
export function ytThreads(videoId: string, privateIds: string[] = [], byChannel: string[] = []) {
  return Array.from({ length: 5 }, (_, i) => {
    const n = 5 - i;
    const comment = {
      kind: 'youtube#comment',
      id: `Ugc${n}`,
      snippet: {
        videoId,
        textDisplay: `<b>comment</b> ${n}`,
        textOriginal: `comment ${n}`,
        authorDisplayName: byChannel.includes(`Ugc${n}`) ? CHANNEL.handle : `@viewer${n}`,
        authorChannelId: { value: byChannel.includes(`Ugc${n}`) ? CHANNEL.id : `UCviewer${n}` },
        likeCount: n,
        publishedAt: `2024-01-07T0${n}:00:00Z`,
        updatedAt: `2024-01-07T0${n}:00:00Z`,
      },
    };
    return {
      kind: 'youtube#commentThread',
      id: `Ugc${n}`,
      snippet: { channelId: CHANNEL.id, videoId, topLevelComment: comment, canReply: true, totalReplyCount: 0, isPublic: !privateIds.includes(`Ugc${n}`) },
    };
  });
}

export const ytError = (code: number, reason: string, message = reason): FakeReply => ({
  status: code,
  json: {
    error: { code, message, errors: [{ message, domain: reason.includes('uota') || reason.includes('ateLimit') ? 'youtube.quota' : 'global', reason }] },
  },
});

export interface YtFakeOptions {
  apiKey: string;
  videos?: FakeVideo[];
  /** Comment threads (of vid6) whose snippet.isPublic is false. */
  privateThreads?: string[];
  /** Comment threads (of vid6) written by the brand's channel. */
  channelThreads?: string[];
  faults?: Record<string, FakeReply[]>;
  /** The channel's statistics.subscriberCount. */
  subscribers?: number;
}

export async function startYouTubeFake(opts: YtFakeOptions) {
  const videos = opts.videos ?? ytVideos();
  const threads = ytThreads('vid6', opts.privateThreads, opts.channelThreads);
  const faults = new Faults(opts.faults);
  const snippet = (v: FakeVideo) => ({
    publishedAt: v.publishedAt,
    channelId: CHANNEL.id,
    title: v.title,
    description: v.description,
    channelTitle: CHANNEL.title,
    thumbnails: { high: { url: `https://i.ytimg.com/vi/${v.id}/hqdefault.jpg` } },
  });
  // status is sent only when `part` asks for it, as the real API does.
  const status = (v: FakeVideo, part: string | null) =>
    (part ?? '').split(',').includes('status')
      ? { status: { uploadStatus: 'processed', privacyStatus: v.privacyStatus ?? 'public', license: 'youtube', embeddable: true, publicStatsViewable: true } }
      : {};
  const server: FakeServer = await startFake((req) => {
    if (req.headers['x-goog-api-key'] !== opts.apiKey)
      return {
        status: 400,
        json: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', errors: [{ reason: 'badRequest', domain: 'global' }] } },
      };
    const resource = req.path.replace('/youtube/v3/', '');
    const token = req.query.get('pageToken');
    const fault = faults.take(`${resource}:${token ?? 'first'}`);
    if (fault) return fault;
    const size = Number(req.query.get('maxResults') ?? 5);
    const page = <T>(list: T[], kind: string) => {
      const { slice, next } = paginate(list, size, token);
      return {
        json: { kind, etag: 'e', ...(next ? { nextPageToken: next } : {}), pageInfo: { totalResults: list.length, resultsPerPage: size }, items: slice },
      };
    };
    switch (resource) {
      case 'search': {
        const after = req.query.get('publishedAfter');
        // Search finds public videos only.
        const list = videos.filter((v) => (!after || v.publishedAt >= after) && (v.privacyStatus ?? 'public') === 'public');
        return page(
          list.map((v) => ({
            kind: 'youtube#searchResult',
            id: { kind: 'youtube#video', videoId: v.id },
            snippet: { ...snippet(v), description: v.description.slice(0, 10) },
          })),
          'youtube#searchListResponse',
        );
      }
      case 'videos': {
        // maxResults is supported with myRating, not with id.
        if (req.query.has('id') && req.query.has('maxResults'))
          return ytError(400, 'incompatibleParameters', 'The request specifies incompatible parameters: maxResults is not supported with id.');
        const want = (req.query.get('id') ?? '').split(',');
        const items = videos
          .filter((v) => want.includes(v.id))
          .map((v, i) => ({
            kind: 'youtube#video',
            id: v.id,
            snippet: snippet(v),
            statistics: { viewCount: String(1000 + i), likeCount: '10', favoriteCount: '0', commentCount: '5' },
            ...status(v, req.query.get('part')),
          }));
        return { json: { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } } };
      }
      case 'channels':
        // No channel with that id: the answer has no `items` at all, only totalResults 0.
        return {
          json:
            req.query.get('id') === CHANNEL.id
              ? {
                  kind: 'youtube#channelListResponse',
                  etag: 'e',
                  pageInfo: { totalResults: 1, resultsPerPage: 5 },
                  items: [
                    {
                      kind: 'youtube#channel',
                      id: CHANNEL.id,
                      contentDetails: { relatedPlaylists: { likes: '', uploads: CHANNEL.uploads } },
                      // snippet only when `part` asks for it (title and the @handle as customUrl).
                      ...((req.query.get('part') ?? '').split(',').includes('snippet')
                        ? { snippet: { title: CHANNEL.title, description: '', customUrl: CHANNEL.handle, publishedAt: '2015-03-01T00:00:00Z' } }
                        : {}),
                      // statistics only when `part` asks for it; counts are strings, as the real API sends them.
                      ...((req.query.get('part') ?? '').split(',').includes('statistics')
                        ? {
                            statistics: {
                              viewCount: '90210',
                              subscriberCount: String(opts.subscribers ?? 12_400),
                              hiddenSubscriberCount: false,
                              videoCount: '6',
                            },
                          }
                        : {}),
                    },
                  ],
                }
              : { kind: 'youtube#channelListResponse', etag: 'e', pageInfo: { totalResults: 0, resultsPerPage: 5 } },
        };
      case 'playlistItems':
        if (req.query.get('playlistId') !== CHANNEL.uploads) return ytError(404, 'playlistNotFound');
        return page(
          videos.map((v) => ({
            kind: 'youtube#playlistItem',
            id: `PI${v.id}`,
            snippet: { ...snippet(v), playlistId: CHANNEL.uploads, resourceId: { kind: 'youtube#video', videoId: v.id } },
            contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt },
            ...status(v, req.query.get('part')),
          })),
          'youtube#playlistItemListResponse',
        );
      case 'commentThreads':
        if (req.query.get('videoId') !== 'vid6') return ytError(403, 'commentsDisabled');
        return page(threads, 'youtube#commentThreadListResponse');
      default:
        return ytError(404, 'notFound');
    }
  });
  return { ...server, videos, threads };
}
