// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { defineOperation } from '@listening/contract';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setToken } from './client.ts';
import { invalidateOp, invalidateTag, opQuery, useOp } from './op-query.ts';

const base = { summary: 'test', tags: ['test'], host: 'main', method: 'GET', access: 'user' } as const;
const getThing = defineOperation({ ...base, path: '/api/thing/get', query: z.object({ id: z.coerce.number() }), response: z.object({ Id: z.number() }) });
const getOther = defineOperation({ ...base, path: '/api/other/get', response: z.object({ n: z.number() }) });

let fetchMock: ReturnType<typeof vi.fn>;
let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).length;

beforeEach(() => {
  setToken('t');
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fetchMock = vi.fn(async (url: string) => {
    const id = Number(new URL(url, 'http://x').searchParams.get('id') ?? 0);
    return new Response(JSON.stringify(url.startsWith('/api/thing') ? { Id: id } : { n: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('reading operations through the cache', () => {
  it('shares one entry and one request between readers of the same operation and input', async () => {
    const a = renderHook(() => useOp(getThing, { query: { id: 7 } }), { wrapper });
    const b = renderHook(() => useOp(getThing, { query: { id: 7 } }), { wrapper });
    await waitFor(() => expect(a.result.current.data).toEqual({ Id: 7 }));
    await waitFor(() => expect(b.result.current.data).toEqual({ Id: 7 }));
    expect(calls('/api/thing/get')).toBe(1);
    // The same key whoever builds it: a prefetch and a hook meet.
    expect(queryClient.getQueryData(opQuery(getThing, { query: { id: 7 } }).queryKey)).toEqual({ Id: 7 });
  });

  it('waits while not enabled', async () => {
    const r = renderHook(() => useOp(getThing, { query: { id: 1 } }, { enabled: false }), { wrapper });
    await new Promise((res) => setTimeout(res, 20));
    expect(r.result.current.fetchStatus).toBe('idle');
    expect(calls('/api/thing/get')).toBe(0);
  });

  it('refreshes every input of an operation, and a tag its operations only', async () => {
    await queryClient.fetchQuery(opQuery(getThing, { query: { id: 1 } }, { tags: ['analytics'] }));
    await queryClient.fetchQuery(opQuery(getThing, { query: { id: 2 } }, { tags: ['analytics'] }));
    await queryClient.fetchQuery(opQuery(getOther, {}));
    await invalidateOp(queryClient, getThing);
    const stale = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.isStale())
        .map((q) => q.queryKey[0]);
    expect(stale()).toEqual(['/api/thing/get', '/api/thing/get']);
    await queryClient.fetchQuery(opQuery(getThing, { query: { id: 1 } }, { tags: ['analytics'], staleTime: Infinity }));
    await queryClient.fetchQuery(opQuery(getThing, { query: { id: 2 } }, { tags: ['analytics'], staleTime: Infinity }));
    await queryClient.fetchQuery(opQuery(getOther, {}, { staleTime: Infinity }));
    await invalidateTag(queryClient, 'analytics');
    expect(stale()).toEqual(['/api/thing/get', '/api/thing/get']);
  });
});
