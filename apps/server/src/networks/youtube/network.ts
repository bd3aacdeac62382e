// YouTube (stream 10) in collection: a channel's videos, their comments and replies, its subscribers.
import { apiUrl, followerCount, obj, type Network } from '../network.ts';

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
};
