// TikTok (stream 12) in collection: an account's videos; their comments and replies with the
// Research API's client token (none: TikTok conversations are not read); its follower count.
import { GrantError } from '../../oauth/client.ts';
import { apiUrl, followerCount, num, obj, str, type Network } from '../network.ts';
import { classifyTikTok, TIKTOK_STREAM } from './api.ts';

export const tiktok: Network = {
  streamId: TIKTOK_STREAM,
  profileSpec: (p, token) => ({ kind: 'tiktok.videos', accessToken: token, openId: p.external_id, username: p.handle ?? undefined, displayName: p.name }),
  commentSpec: (_p, videoId, { researchToken }) => (researchToken ? { kind: 'tiktok.comments', accessToken: researchToken, videoId } : null),
  replySpec: (commentId, { researchToken }) => (researchToken ? { kind: 'tiktok.replies', accessToken: researchToken, commentId } : null),
  readFollowers: async ({ http, urls }, p) => {
    // GET /v2/user/info/ answers the account that granted the token (scope user.info.stats):
    // a token of another account than the profile's is not counted for it.
    const u = apiUrl(urls.tiktok, '/v2/user/info/');
    u.searchParams.set('fields', 'open_id,follower_count');
    const r = await http.json({ url: u, headers: { authorization: `Bearer ${p.token}` }, classify: classifyTikTok });
    const user = r.ok ? obj(obj(obj(r.body).data).user) : {};
    if (r.ok && typeof user.open_id === 'string' && user.open_id !== p.external_id) return { ok: false, reason: 'token_of_another_account' };
    return followerCount(r, () => user.follower_count);
  },
  // The account that granted the token (its open_id also comes back with the token).
  listAccounts: async (api, token, extra) => {
    const res = await api.get('tiktok', '/v2/user/info/?fields=open_id,display_name,username,avatar_url,follower_count,profile_deep_link', token);
    const u = obj(obj(res.data).user);
    const id = str(u.open_id) ?? str(extra.open_id);
    if (!id) throw new GrantError('TikTok did not say which account was granted.');
    return [
      {
        externalId: id,
        name: str(u.display_name) ?? str(u.username) ?? id,
        handle: str(u.username),
        link: str(u.profile_deep_link),
        image: str(u.avatar_url),
        followers: num(u.follower_count),
        token,
      },
    ];
  },
  probeToken: async (api, _externalId, token) => void (await api.get('tiktok', '/v2/user/info/?fields=open_id', token)),
};
