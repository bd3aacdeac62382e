// A local fake of the Instagram Graph API: /{ig-user-id}/media, /{media-id}/comments,
// /ig_hashtag_search and /{hashtag-id}/recent_media, with Graph paging and errors.
import { FB_VERSION, graphListReply, type GraphItem } from '../facebook/fake.ts';
import { Faults, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export const IG_USER = '17841400000000001';
export const HASHTAG_ID = '17843853986012965';

/** Seven media, newest first. */
export function igMedia(): GraphItem[] {
  return Array.from({ length: 7 }, (_, i) => {
    const n = 7 - i;
    return {
      id: `1790000000000000${n}`,
      caption: `media ${n} #brandsa`,
      timestamp: `2024-01-10T09:0${n}:00+0000`,
      permalink: `https://www.instagram.com/p/ABC${n}/`,
      media_url: `https://scontent.cdninstagram.com/${n}.jpg`,
      like_count: n * 10,
      comments_count: n,
      username: 'brandsa',
    };
  });
}

/** Four comments; `hidden` is the IG Comment field that says the account hid it. */
export function igComments(): GraphItem[] {
  return Array.from({ length: 4 }, (_, i) => ({
    id: `1800000000000000${i + 1}`,
    text: `nice ${i + 1}`,
    timestamp: `2024-01-10T10:0${i}:00+0000`,
    username: `fan${i + 1}`,
    like_count: i,
    hidden: false,
  }));
}

export function igHashtagMedia(): GraphItem[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `1791000000000000${5 - i}`,
    caption: `#brandsa tagged ${5 - i}`,
    timestamp: `2024-01-10T08:0${5 - i}:00+0000`,
    permalink: `https://www.instagram.com/p/TAG${5 - i}/`,
    like_count: 1,
    comments_count: 0,
  }));
}

export interface IgFakeOptions {
  token: string;
  media?: GraphItem[];
  comments?: GraphItem[];
  hashtagMedia?: GraphItem[];
  faults?: Record<string, FakeReply[]>;
  /** The account's followers_count (GET /{ig-user-id}?fields=followers_count). */
  followers?: number;
}

export async function startInstagramFake(opts: IgFakeOptions) {
  const media = opts.media ?? igMedia();
  const comments = opts.comments ?? igComments();
  const hashtagMedia = opts.hashtagMedia ?? igHashtagMedia();
  const faults = new Faults(opts.faults);
  const server: FakeServer = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return { status: 400, json: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'X' } } };
    const path = req.path.startsWith(FB_VERSION) ? req.path.slice(FB_VERSION.length) : req.path;
    const [, first, edge] = path.split('/');
    const fault = faults.take(`${edge ?? first}:${req.query.get('after') ?? 'first'}`);
    if (fault) return fault;
    if (first === 'ig_hashtag_search') {
      if (req.query.get('user_id') !== IG_USER) return { status: 400, json: { error: { message: 'user_id required', type: 'OAuthException', code: 100 } } };
      return { json: { data: req.query.get('q') === 'brandsa' ? [{ id: HASHTAG_ID }] : [] } };
    }
    if (!edge && first === IG_USER) return { json: { id: IG_USER, followers_count: opts.followers ?? 233_000 } };
    if (edge === 'media' && first === IG_USER) return graphListReply(media, req);
    if (edge === 'comments') return graphListReply(comments, req);
    if (edge === 'recent_media' && first === HASHTAG_ID && req.query.get('user_id') === IG_USER) return graphListReply(hashtagMedia, req);
    return { status: 400, json: { error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100, error_subcode: 33 } } };
  });
  return { ...server, media, comments, hashtagMedia };
}
