// X (stream 7) in collection: a linked account's timeline and its follower count (users lookup).
import { GrantError } from '../../oauth/client.ts';
import { apiUrl, followerCount, num, obj, str, type Network } from '../network.ts';

export const x: Network = {
  streamId: 7,
  profileSpec: (p, token) => ({ kind: 'x.timeline', bearerToken: token, userId: p.external_id }),
  readFollowers: async ({ http, urls }, p) => {
    const u = apiUrl(urls.x, `/2/users/${encodeURIComponent(p.external_id)}`);
    u.searchParams.set('user.fields', 'public_metrics');
    const r = await http.json({ url: u, headers: { authorization: `Bearer ${p.token}` } });
    return followerCount(r, (b) => obj(obj(obj(b).data).public_metrics).followers_count);
  },
  listAccounts: async (api, token) => {
    const res = await api.get('x', '/2/users/me?user.fields=profile_image_url,public_metrics,username,name', token);
    const u = obj(res.data);
    const id = str(u.id);
    if (!id) throw new GrantError('X did not say which account was granted.');
    const handle = str(u.username);
    return [
      {
        externalId: id,
        name: str(u.name) ?? handle ?? id,
        handle,
        link: handle ? `https://x.com/${handle}` : null,
        image: str(u.profile_image_url),
        followers: num(obj(u.public_metrics).followers_count),
        token,
      },
    ];
  },
  probeToken: async (api, _externalId, token) => void (await api.get('x', '/2/users/me', token)),
};
