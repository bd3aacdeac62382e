// Instagram (stream 9) in collection: a business account's media, the comments under them, its followers.
import { MESSAGES } from '@listening/contract';
import { GrantError } from '../../oauth/client.ts';
import { graphFollowers, graphPages } from '../meta-graph-profile.ts';
import { num, obj, str, type LinkedAccount, type Network } from '../network.ts';

export const instagram: Network = {
  streamId: 9,
  profileSpec: (p, token) => ({ kind: 'instagram.media', accessToken: token, igUserId: p.external_id }),
  commentSpec: (p, mediaId, { token }) => ({ kind: 'instagram.comments', accessToken: token, igUserId: p.external_id, mediaId }),
  readFollowers: graphFollowers,
  // The Instagram business accounts linked to the pages the token manages, read with the page's token.
  listAccounts: async (api, token) => {
    const out = (await graphPages(api, token)).flatMap((p): LinkedAccount[] => {
      const ig = obj(p.instagram_business_account);
      const id = str(ig.id);
      const pageToken = str(p.access_token);
      if (!id || !pageToken) return [];
      const username = str(ig.username);
      return [
        {
          externalId: id,
          name: str(ig.name) ?? username ?? id,
          handle: username,
          link: username ? `https://www.instagram.com/${username}` : null,
          image: str(ig.profile_picture_url),
          followers: num(ig.followers_count),
          token: pageToken,
        },
      ];
    });
    if (!out.length) throw new GrantError(MESSAGES.noInstagramBusiness);
    return out;
  },
  probeToken: async (api, externalId, token) => void (await api.get('graph', `/${encodeURIComponent(externalId)}/media?limit=1`, token)),
};
