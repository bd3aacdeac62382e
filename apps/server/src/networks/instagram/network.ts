// Instagram (stream 9) in collection: a business account's media, the comments under them, its followers.
import { graphFollowers } from '../meta-graph-followers.ts';
import type { Network } from '../network.ts';

export const instagram: Network = {
  streamId: 9,
  profileSpec: (p, token) => ({ kind: 'instagram.media', accessToken: token, igUserId: p.external_id }),
  commentSpec: (p, mediaId, { token }) => ({ kind: 'instagram.comments', accessToken: token, igUserId: p.external_id, mediaId }),
  readFollowers: graphFollowers,
};
