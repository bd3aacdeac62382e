import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LISTING_STEP, getPostListing, type PostListingQueryInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey, tagMeta } from '../../../api/op-query.ts';

type ListingQuery = Omit<PostListingQueryInput, 'after' | 'limit'>;

/** Post Listing's pages: each asks for the posts after the previous page's last (its Next). */
export const postListingQueryOptions = (query: ListingQuery) =>
  infiniteQueryOptions({
    // A figure: rating or rejecting anywhere (here or in the clip tray) reloads it.
    queryKey: opKey(getPostListing, { query }),
    meta: tagMeta('analytics'),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(getPostListing, { query: { ...query, limit: LISTING_STEP, ...(pageParam ? { after: pageParam } : {}) } }, { signal }),
    getNextPageParam: (last) => last.Next ?? undefined,
  });

/** The listing; while a new search or sort loads, the previous posts stay on screen. */
export const usePostListing = (query: ListingQuery) => useInfiniteQuery({ ...postListingQueryOptions(query), placeholderData: keepPreviousData });
