// Facebook (stream 8) in collection: a page's posts, the comments under them, its followers.
import { GrantError } from '../../oauth/client.ts';
import { graphFollowers, graphPages } from '../meta-graph-profile.ts';
import { num, obj, str, type LinkedAccount, type Network } from '../network.ts';

export const facebook: Network = {
  streamId: 8,
  profileSpec: (p, token) => ({ kind: 'facebook.page', accessToken: token, pageId: p.external_id }),
  commentSpec: (_p, postId, { token }) => ({ kind: 'facebook.comments', accessToken: token, postId }),
  readFollowers: graphFollowers,
  listAccounts: async (api, token) => {
    const out = (await graphPages(api, token)).flatMap((p): LinkedAccount[] => {
      const id = str(p.id);
      const pageToken = str(p.access_token);
      if (!id || !pageToken) return [];
      return [
        {
          externalId: id,
          name: str(p.name) ?? id,
          handle: null,
          link: str(p.link),
          image: str(obj(obj(p.picture).data).url),
          followers: num(p.fan_count),
          token: pageToken,
        },
      ];
    });
    if (!out.length) throw new GrantError('There are no Facebook pages that this account manages.');
    return out;
  },
  probeToken: async (api, externalId, token) => void (await api.get('graph', `/${encodeURIComponent(externalId)}/feed?limit=1`, token)),
};
