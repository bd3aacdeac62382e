// YouTube (stream 10) in collection: a channel's videos, their comments and replies, its subscribers.
import { GrantError } from '../../oauth/client.ts';
import { apiUrl, followerCount, num, obj, str, type LinkedAccount, type Network } from '../network.ts';

export const youtube: Network = {
  streamId: 10,
  profileSpec: (p, token) => ({ kind: 'youtube.channel', accessToken: token, channelId: p.external_id }),
  commentSpec: (_p, videoId, { token }) => ({ kind: 'youtube.comments', accessToken: token, videoId }),
  replySpec: (commentId, { token }) => ({ kind: 'youtube.replies', accessToken: token, commentId }),
  readFollowers: async ({ http, urls, youtubeApiKey }, p) => {
    const u = apiUrl(urls.youtube, '/youtube/v3/channels');
    u.searchParams.set('part', 'statistics');
    u.searchParams.set('id', p.external_id);
    const headers: Record<string, string> = youtubeApiKey ? { 'x-goog-api-key': youtubeApiKey } : { authorization: `Bearer ${p.token}` };
    // A channel that hides its count answers hiddenSubscriberCount: true and no usable figure.
    return followerCount(await http.json({ url: u, headers }), (b) => {
      const stats = obj(obj((obj(b).items as unknown[] | undefined)?.[0]).statistics);
      return stats.hiddenSubscriberCount === true ? null : stats.subscriberCount;
    });
  },
  listAccounts: async (api, token) => {
    const res = await api.get('youtube', '/youtube/v3/channels?part=snippet,statistics&mine=true', token);
    const out = (Array.isArray(res.items) ? res.items.map(obj) : []).flatMap((c): LinkedAccount[] => {
      const id = str(c.id);
      if (!id) return [];
      const s = obj(c.snippet);
      return [
        {
          externalId: id,
          name: str(s.title) ?? id,
          handle: str(s.customUrl),
          link: `https://www.youtube.com/channel/${id}`,
          image: str(obj(obj(s.thumbnails).default).url),
          followers: num(obj(c.statistics).subscriberCount),
          token,
        },
      ];
    });
    if (!out.length) throw new GrantError('This Google account has no YouTube channel.');
    return out;
  },
  probeToken: async (api, _externalId, token) => void (await api.get('youtube', '/youtube/v3/channels?part=id&mine=true', token)),
};
