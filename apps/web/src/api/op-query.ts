// One way to read an operation of the contract through the query cache: keyed [op.path, input],
// so every screen reading an operation with the same input shares one cache entry and one request
// (the session's user, a client's projects, contacts and folders, a project's influencers), and a
// change refreshes an operation by its path (invalidateOp: every input) or a group of operations
// by a tag (invalidateTag: e.g. every figure computed from a project's clips).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OperationInput, OperationOutput, OperationSpec } from '@listening/contract';
import { call, type CallOptions } from './client.ts';

/** Groups of operations refreshed together. */
export type OpTag = 'analytics';

export interface OpQueryOptions {
  /** Tags that invalidateTag refreshes. */
  tags?: readonly OpTag[];
  staleTime?: number;
  /** How the call reports a failure (quiet: the screen says it in its own words). */
  call?: CallOptions;
}

/** A figure computed from a project's clips: a change to clips (rating, rejecting) refreshes them all. */
export const FIGURE: OpQueryOptions = { tags: ['analytics'] };

/** The meta that tags a read built by hand (an infinite listing keyed with opKey's convention). */
export const tagMeta = (...tags: OpTag[]) => ({ tags });

/**
 * The cache key of an operation read with an input. `detail` names a read built on the operation
 * that is not its plain answer (a file's status, a poll's answer kept apart): its own entry, still
 * refreshed with the operation's by invalidateOp.
 */
export const opKey = <O extends OperationSpec>(op: O, input: OperationInput<O>, ...detail: string[]) => [op.path, input, ...detail] as const;

/** Query options of an operation read with an input: for useQuery, useSuspenseQuery, fetchQuery, prefetching. */
export function opQuery<O extends OperationSpec>(op: O, input: OperationInput<O>, opts: OpQueryOptions = {}) {
  return queryOptions({
    queryKey: opKey(op, input),
    queryFn: (): Promise<OperationOutput<O>> => call(op, input, opts.call),
    ...(opts.staleTime !== undefined ? { staleTime: opts.staleTime } : {}),
    meta: tagMeta(...(opts.tags ?? [])),
  });
}

/** Reads an operation with an input; `enabled: false` waits (say, for an id the screen does not have yet). */
export function useOp<O extends OperationSpec>(op: O, input: OperationInput<O>, opts: OpQueryOptions & { enabled?: boolean } = {}) {
  return useQuery({ ...opQuery(op, input, opts), enabled: opts.enabled ?? true });
}

/** Refreshes every cached read of these operations, whatever their input. */
export const invalidateOp = (queryClient: QueryClient, ...ops: OperationSpec[]) =>
  Promise.all(ops.map((op) => queryClient.invalidateQueries({ queryKey: [op.path] })));

/** Refreshes every cached read tagged `tag`. */
export const invalidateTag = (queryClient: QueryClient, tag: OpTag) =>
  queryClient.invalidateQueries({ predicate: (q) => ((q.meta?.tags as readonly OpTag[] | undefined) ?? []).includes(tag) });
