// X (stream 7) in collection: a linked account's timeline and its follower count (users lookup).
import { apiUrl, followerCount, obj, type Network } from '../network.ts';

export const x: Network = {
  streamId: 7,
  profileSpec: (p, token) => ({ kind: 'x.timeline', bearerToken: token, userId: p.external_id }),
  readFollowers: async ({ http, urls }, p) => {
    const u = apiUrl(urls.x, `/2/users/${encodeURIComponent(p.external_id)}`);
    u.searchParams.set('user.fields', 'public_metrics');
    const r = await http.json({ url: u, headers: { authorization: `Bearer ${p.token}` } });
    return followerCount(r, (b) => obj(obj(obj(b).data).public_metrics).followers_count);
  },
};
