// One form of every network's account id, used alike by linking (what a profile stores),
// collection (whose posts a connector reads), rule matching and Owned detection, so that a linked
// account's own posts are recognised whichever of its forms a network answers with.
// docs/connectors.md lists the forms per network.
import { STREAMS } from '@listening/contract';

const LINKEDIN_ORG = /^(?:urn:li:(?:organization|organizationBrand):)?(\d+)$/;

/**
 * LinkedIn organisations are named by URN (`urn:li:organization:<number>`), the form its posts
 * carry in `author` and its API takes in `author=`; linking reads the bare number. Every other
 * network's id is kept as the network gives it (X and Facebook numbers, Instagram user ids,
 * YouTube `UC…` channel ids, TikTok open ids).
 */
export function canonicalAccountId(streamId: number, id: string): string {
  const v = id.trim();
  if (streamId === STREAMS.LinkedIn) {
    const m = LINKEDIN_ORG.exec(v);
    if (m) return `urn:li:organization:${m[1]}`;
  }
  return v;
}

/** The organisation's number, which LinkedIn's `/rest/organizations/{id}` takes. */
export function linkedInOrganisationNumber(id: string): string {
  return LINKEDIN_ORG.exec(id.trim())?.[1] ?? id;
}
