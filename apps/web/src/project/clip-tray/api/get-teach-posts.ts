import { getTeachPosts } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';
import type { TrayQuery } from '../tray-query.ts';

/**
 * The posts whose rating would help the client's model most, its ratings and last adaptation,
 * chosen in the tray's whole filter: the listing's own query (scope, range, streams, the hour,
 * rating, brand association, authors, word, country, named posts), so every post asked about is
 * one the tray lists. Teach opens from the counted posts' view, never the rejected one. Not
 * refreshed by a rating (the round of posts stays put while it is rated); asked again per round.
 */
export const useTeachPosts = (q: TrayQuery, enabled: boolean) => useOp(getTeachPosts, { query: q }, { enabled, staleTime: 0 });
