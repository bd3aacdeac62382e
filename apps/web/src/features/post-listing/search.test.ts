import { describe, expect, it } from 'vitest';
import { controlsToSearch, listingControls, listingQuery, postListingSearchSchema } from './search.ts';

const params = { projectId: 4, startDate: '2024-03-01T00:00:00', endDate: '2024-03-02T23:59:59', streamIds: '7,8' };

describe("Post Listing's controls in the address", () => {
  it('reads the controls from plain strings and falls back to none for a bad value', () => {
    const search = postListingSearchSchema.parse({ q: 'price', sort: 'reach', fav: '3', assoc: '9', stream: 'x' });
    expect(search).toEqual({ q: 'price', sort: 'reach', fav: 3, assoc: undefined, stream: undefined });
    expect(postListingSearchSchema.parse({ sort: 'popular', q: 'x'.repeat(101) })).toEqual({});
  });

  it('keeps a stream only when the filter holds it', () => {
    expect(listingControls({ stream: 8 }, [7, 8]).stream).toBe(8);
    expect(listingControls({ stream: 9 }, [7, 8]).stream).toBeNull();
  });

  it("narrows the project's query by the controls, leaving out what is not chosen", () => {
    expect(listingQuery(params, listingControls({}, [7, 8]))).toEqual({ ...params, sort: 'newest' });
    expect(listingQuery(params, listingControls({ q: ' price ', sort: 'negative', fav: 3, assoc: 1, stream: 8 }, [7, 8]))).toEqual({
      ...params,
      streamIds: '8',
      q: 'price',
      sort: 'negative',
      favourabilityId: 3,
      brandAssociationId: 1,
    });
  });

  it('writes only what differs from the defaults back into the address', () => {
    expect(controlsToSearch({ q: '', sort: 'newest', fav: null, assoc: null, stream: null })).toEqual({
      q: undefined,
      sort: undefined,
      fav: undefined,
      assoc: undefined,
      stream: undefined,
    });
    expect(controlsToSearch({ q: 'a', sort: 'reach', fav: 1, assoc: 2, stream: 7 })).toEqual({ q: 'a', sort: 'reach', fav: 1, assoc: 2, stream: 7 });
  });
});
