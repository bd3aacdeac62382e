import { describe, expect, it } from 'vitest';
import { canonicalAccountId, linkedInOrganisationNumber } from './account-id.ts';

describe('canonical account ids', () => {
  it('names a LinkedIn organisation by its URN whether linking read the number or a post carried the URN', () => {
    expect(canonicalAccountId(11, '5515715')).toBe('urn:li:organization:5515715');
    expect(canonicalAccountId(11, 'urn:li:organization:5515715')).toBe('urn:li:organization:5515715');
    expect(canonicalAccountId(11, 'urn:li:organizationBrand:5515715')).toBe('urn:li:organization:5515715');
    expect(linkedInOrganisationNumber('urn:li:organization:5515715')).toBe('5515715');
  });

  it("keeps a member's URN and every other network's id as the network gives it", () => {
    expect(canonicalAccountId(11, 'urn:li:person:abc')).toBe('urn:li:person:abc');
    expect(canonicalAccountId(7, '2244994945')).toBe('2244994945');
    expect(canonicalAccountId(10, 'UCbrand')).toBe('UCbrand');
    expect(canonicalAccountId(8, ' 100 ')).toBe('100');
  });
});
