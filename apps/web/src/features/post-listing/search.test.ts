import { describe, expect, it } from 'vitest';
import { controlsToSearch, exportLabel, exportQuery, listingControls, listingQuery, postListingSearchSchema } from './search.ts';

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

  it('exports the list as filtered (stream, sentiment, association) and says when the search is left out', () => {
    const c = listingControls({ fav: 3, assoc: 1, stream: 8, sort: 'ave' }, [7, 8]);
    expect(exportQuery(params, c)).toEqual({ ...params, streamIds: '8', favourabilityId: 3, brandAssociationId: 1 });
    expect(exportLabel(c, 1234)).toBe('Export these 1,234 posts');
    expect(exportLabel(listingControls({ q: 'price' }, [7, 8]), 12)).toBe('Export the filtered posts, without the search');
  });

  it('offers AVE and engagement as sort orders from the address', () => {
    expect(postListingSearchSchema.parse({ sort: 'ave' }).sort).toBe('ave');
    expect(listingQuery(params, listingControls({ sort: 'engagement' }, [7, 8])).sort).toBe('engagement');
  });
});
