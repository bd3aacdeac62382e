// A local fake of TikTok API v2: POST /v2/video/list/ ({data:{videos,cursor,has_more}}) and
// POST /v2/research/video/comment/list/ ({data:{comments,cursor,has_more}}) and GET
// /v2/user/info/?fields=… ({data:{user:{open_id,follower_count,…}}}: the token's own account, for
// the follower-snapshot job), each answer with error:{code,message,log_id}, and 429
// rate_limit_exceeded.
import { Faults, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export type TtItem = Record<string, unknown>;
const ok = { code: 'ok', message: '', log_id: '20240110120000ABC' };

/** Seven videos, newest first; create_time in epoch seconds. */
export function ttVideos(): TtItem[] {
  return Array.from({ length: 7 }, (_, i) => {
    const n = 7 - i;
    return {
      id: `73000000000000000${n}`,
      title: `title ${n}`,
      video_description: `dance ${n} #brandsa`,
      create_time: Date.UTC(2024, 0, 10, 8, n) / 1000,
      share_url: `https://www.tiktok.com/@brandsa/video/73000000000000000${n}`,
      like_count: n,
      comment_count: 2,
      share_count: 1,
      view_count: n * 100,
    };
  });
}

/** Ids are kept as digit strings here and written as int64 JSON numbers, as TikTok sends them. */
export function ttComments(videoId: string): TtItem[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `731000000000000000${i + 1}`,
    video_id: videoId,
    text: `love it ${i + 1}`,
    like_count: i,
    reply_count: 0,
    parent_comment_id: videoId,
    create_time: Date.UTC(2024, 0, 10, 9, i) / 1000,
  }));
}

export const ttError = (status: number, code: string, message = code): FakeReply => ({
  status,
  json: { data: {}, error: { code, message, log_id: '20240110120000ABC' } },
});

/** The open_id of the account that granted the fake's token. */
export const TT_OPEN_ID = '-000Ab_cdEFgh1jklMnOpQrS';

export interface TtFakeOptions {
  token: string;
  videos?: TtItem[];
  /** The account's followers (user info follower_count); 2,500 by default. */
  followers?: number;
  faults?: Record<string, FakeReply[]>;
}

export async function startTikTokFake(opts: TtFakeOptions) {
  const videos = opts.videos ?? ttVideos();
  const comments = ttComments('7300000000000000007');
  const faults = new Faults(opts.faults);
  const server: FakeServer = await startFake((req) => {
    const userInfo = req.path === '/v2/user/info/';
    if (req.method !== (userInfo ? 'GET' : 'POST')) return ttError(405, 'invalid_params', `${userInfo ? 'GET' : 'POST'} only`);
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return ttError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    const fields = req.query.get('fields');
    if (!fields) return ttError(400, 'invalid_params', 'fields is required');
    if (userInfo) {
      // Only the fields asked for, as the real API answers.
      const account: TtItem = { open_id: TT_OPEN_ID, display_name: 'Brand SA', follower_count: opts.followers ?? 2_500, following_count: 12 };
      const user = Object.fromEntries(fields.split(',').flatMap((f) => (f in account ? [[f, account[f]]] : [])));
      return faults.take('user') ?? { json: { data: { user }, error: ok } };
    }
    const body = (req.body ?? {}) as { cursor?: number; max_count?: number; video_id?: number };
    const kind = req.path === '/v2/video/list/' ? 'videos' : req.path === '/v2/research/video/comment/list/' ? 'comments' : null;
    if (!kind) return ttError(404, 'invalid_params', 'not found');
    const fault = faults.take(`${kind}:${body.cursor ?? 'first'}`);
    if (fault) return fault;
    const size = body.max_count ?? 10;
    if (kind === 'videos') {
      // The real cursor is a create_time in ms: videos older than it come next.
      const list = body.cursor ? videos.filter((v) => Number(v.create_time) * 1000 < body.cursor!) : videos;
      const slice = list.slice(0, size);
      const hasMore = list.length > size;
      return { json: { data: { videos: slice, cursor: slice.length ? Number(slice.at(-1)!.create_time) * 1000 : 0, has_more: hasMore }, error: ok } };
    }
    if (!/"video_id":7300000000000000007[,}]/.test(req.text)) return ttError(400, 'invalid_params', 'video_id not found');
    const start = body.cursor ?? 0;
    const slice = comments.slice(start, start + size);
    const json = { data: { comments: slice, cursor: start + slice.length, has_more: start + size < comments.length }, error: ok };
    return { raw: JSON.stringify(json).replace(/"(id|video_id|parent_comment_id)":"(\d+)"/g, '"$1":$2') };
  });
  return { ...server, videos, comments };
}
