// LinkedIn (stream 11) in collection: an organisation's posts, their comments (a reply is a
// comment on a comment, read the same way) and its follower count.
import { canonicalAccountId, linkedInOrganisationNumber } from '../../ingest/account-id.ts';
import { GrantError } from '../../oauth/client.ts';
import { apiUrl, followerCount, obj, str, type AccountApi, type LinkedAccount, type Network } from '../network.ts';
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
  // The organisations the member administers.
  listAccounts: async (api, token) => {
    const acls = await api.get('linkedin', '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED', token, headers(api));
    const urns = (Array.isArray(acls.elements) ? acls.elements.map(obj) : []).map((e) => str(e.organization)).filter((u): u is string => !!u);
    const out: LinkedAccount[] = [];
    for (const urn of [...new Set(urns)]) {
      const id = urn.split(':').pop()!;
      if (!/^\d+$/.test(id)) continue;
      const org = await api.get('linkedin', `/rest/organizations/${id}`, token, headers(api));
      const vanity = str(org.vanityName);
      out.push({
        externalId: canonicalAccountId(LINKEDIN_STREAM, id),
        name: str(org.localizedName) ?? id,
        handle: vanity,
        link: vanity ? `https://www.linkedin.com/company/${vanity}` : null,
        image: null,
        followers: 0,
        token,
      });
    }
    if (!out.length) throw new GrantError('This LinkedIn member administers no organisation pages.');
    return out;
  },
  probeToken: async (api, externalId, token) =>
    void (await api.get('linkedin', `/rest/organizations/${encodeURIComponent(linkedInOrganisationNumber(externalId))}`, token, headers(api))),
};

function headers(api: AccountApi): Record<string, string> {
  return { 'LinkedIn-Version': api.linkedInVersion, 'X-Restli-Protocol-Version': '2.0.0' };
}
