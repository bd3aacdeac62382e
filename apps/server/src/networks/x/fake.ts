// A local fake of X API v2 (recent search and user timelines): same JSON shapes (data, includes
// .users, meta.next_token), since_id, start_time/end_time, paging, 401 on a wrong token and 429
// with x-rate-limit-reset. As documented, a tweet carries only id and text plus the tweet.fields
// asked for (author_id included), includes.users only with expansions=author_id, and recent
// search refuses a since_id or start_time older than its window with X's 400 answer.
import { Faults, paginate, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export interface FakeTweet {
  id: string;
  text?: string;
  author_id?: string;
  created_at?: string;
  [k: string]: unknown;
}

export const X_USERS = [
  {
    id: '11',
    name: 'Thandi M',
    username: 'thandi',
    protected: false,
    public_metrics: { followers_count: 1200, following_count: 10, tweet_count: 5, listed_count: 0 },
  },
  {
    id: '12',
    name: 'Brand SA',
    username: 'brandsa',
    protected: false,
    public_metrics: { followers_count: 50000, following_count: 3, tweet_count: 900, listed_count: 4 },
  },
];

/** Ten tweets, newest first, ids 1010 down to 1001. */
export function xTweets(): FakeTweet[] {
  return Array.from({ length: 10 }, (_, i) => {
    const n = 10 - i;
    return {
      id: String(1000 + n),
      text: `tweet ${n} about @brandsa`,
      author_id: n % 2 ? '11' : '12',
      created_at: new Date(Date.UTC(2024, 0, 10, 10, n)).toISOString(),
      lang: 'en',
      conversation_id: String(1000 + n),
      public_metrics: { retweet_count: n, reply_count: 1, like_count: n * 2, quote_count: 0, impression_count: n * 100 },
    };
  });
}

export interface XFakeOptions {
  token: string;
  tweets?: FakeTweet[];
  /** Users for includes.users (X_USERS by default); `protected: true` marks a private account. */
  users?: (typeof X_USERS)[number][];
  faults?: Record<string, FakeReply[]>;
  /**
   * Recent search's 7-day window: a since_id below `oldestId` or a start_time before `start` is
   * refused with 400, as X refuses ids and times older than 7 days.
   */
  window?: { oldestId: string; start: string };
}

const invalid = (message: string, parameters: Record<string, string[]>): FakeReply => ({
  status: 400,
  json: {
    errors: [{ parameters, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  },
});

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
const list = (v: string | null) => (v ?? '').split(',').filter(Boolean);

export async function startXFake(opts: XFakeOptions): Promise<FakeServer & { tweets: FakeTweet[] }> {
  const tweets = opts.tweets ?? xTweets();
  const faults = new Faults(opts.faults);
  const server = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return { status: 401, json: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(req.path);
    // Users lookup (GET /2/users/:id): the follower-snapshot job reads public_metrics.followers_count.
    const lookup = /^\/2\/users\/([^/]+)$/.exec(req.path);
    if (lookup) {
      const user = (opts.users ?? X_USERS).find((u) => u.id === lookup[1]);
      if (!user)
        return {
          json: {
            errors: [
              {
                value: lookup[1],
                detail: `Could not find user with id: [${lookup[1]}].`,
                title: 'Not Found Error',
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              },
            ],
          },
        };
      return { json: { data: pick(user, ['id', 'name', 'username', ...list(req.query.get('user.fields'))]) } };
    }
    if (req.path !== '/2/tweets/search/recent' && !timeline) return { status: 404, json: { title: 'Not Found Error' } };
    const token = req.query.get(timeline ? 'pagination_token' : 'next_token');
    const fault = faults.take(token);
    if (fault) return fault;
    const since = req.query.get('since_id');
    const startTime = req.query.get('start_time');
    const endTime = req.query.get('end_time');
    if (since && (startTime || endTime))
      return invalid("Invalid use of 'since_id' or 'until_id' in conjunction with 'start_time' or 'end_time'.", { since_id: [since] });
    const w = opts.window;
    if (w && !timeline && since && BigInt(since) < BigInt(w.oldestId))
      return invalid(`'since_id' must be a tweet id created after ${w.start}. Please use a 'since_id' that is larger than ${w.oldestId}`, {
        since_id: [since],
      });
    if (w && !timeline && startTime && startTime < w.start)
      return invalid(`Invalid 'start_time':'${startTime}'. 'start_time' must be on or after ${w.start}`, { start_time: [startTime] });
    let found = tweets.filter(
      (t) => (!since || BigInt(t.id) > BigInt(since)) && (!startTime || (t.created_at ?? '') >= startTime) && (!endTime || (t.created_at ?? '') < endTime),
    );
    if (timeline) found = found.filter((t) => t.author_id === timeline[1]);
    const { slice, next } = paginate(found, Number(req.query.get('max_results') ?? 10), token);
    if (!slice.length) return { json: { meta: { result_count: 0 } } };
    const fields = ['id', 'text', 'edit_history_tweet_ids', ...list(req.query.get('tweet.fields'))];
    const expanded = list(req.query.get('expansions')).includes('author_id');
    const authorIds = new Set(slice.map((t) => t.author_id));
    const userFields = ['id', 'name', 'username', ...list(req.query.get('user.fields'))];
    return {
      json: {
        data: slice.map((t) => pick({ edit_history_tweet_ids: [t.id], ...t }, fields)),
        ...(expanded ? { includes: { users: (opts.users ?? X_USERS).filter((u) => authorIds.has(u.id)).map((u) => pick(u, userFields)) } } : {}),
        meta: { newest_id: slice[0].id, oldest_id: slice.at(-1)!.id, result_count: slice.length, ...(next ? { next_token: next } : {}) },
      },
    };
  });
  return { ...server, tweets };
}

export const xRateLimit = (resetEpochSeconds: number): FakeReply => ({
  status: 429,
  headers: { 'x-rate-limit-limit': '450', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetEpochSeconds) },
  json: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
});
