// Facebook (stream 8) in collection: a page's posts, the comments under them, its followers.
import { graphFollowers } from '../meta-graph-followers.ts';
import type { Network } from '../network.ts';

export const facebook: Network = {
  streamId: 8,
  profileSpec: (p, token) => ({ kind: 'facebook.page', accessToken: token, pageId: p.external_id }),
  commentSpec: (_p, postId, { token }) => ({ kind: 'facebook.comments', accessToken: token, postId }),
  readFollowers: graphFollowers,
};
