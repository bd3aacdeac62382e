// LinkedIn (stream 11) in collection: an organisation's posts, their comments (a reply is a
// comment on a comment, read the same way) and its follower count.
import { canonicalAccountId } from '../../ingest/account-id.ts';
import { apiUrl, followerCount, obj, type Network } from '../network.ts';
import { classifyLinkedIn, LINKEDIN_STREAM } from './api.ts';

export const linkedin: Network = {
  streamId: LINKEDIN_STREAM,
  profileSpec: (p, token) => ({ kind: 'linkedin.posts', accessToken: token, orgUrn: canonicalAccountId(p.stream_id, p.external_id), orgName: p.name }),
  commentSpec: (_p, postUrn, { token }) => ({ kind: 'linkedin.comments', accessToken: token, postUrn }),
  replySpec: (postUrn, { token }) => ({ kind: 'linkedin.comments', accessToken: token, postUrn }),
  readFollowers: async ({ http, urls, linkedInVersion: version }, p) => {
    // The organisation's follower count (Organization Follower Statistics: the lifetime
    // statistics break followers down by facet, the total is the network size of the
    // COMPANY_FOLLOWED_BY_MEMBER edge). Needs rw_organization_admin, as the posts do.
    const urn = canonicalAccountId(p.stream_id, p.external_id);
    const u = apiUrl(urls.linkedin, `/rest/networkSizes/${encodeURIComponent(urn)}`);
    u.searchParams.set('edgeType', 'COMPANY_FOLLOWED_BY_MEMBER');
    const headers = { authorization: `Bearer ${p.token}`, 'linkedin-version': version, 'x-restli-protocol-version': '2.0.0' };
    return followerCount(
      await http.json({ url: u, headers, classify: (status, body) => classifyLinkedIn(status, body, version) }),
      (b) => obj(b).firstDegreeSize,
    );
  },
};
