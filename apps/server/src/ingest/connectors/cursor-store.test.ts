import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbCursorStore, type CursorStore } from './cursor-store.ts';
import type { DbHandle } from '../../db/connection.ts';
import type { Post } from '../post.ts';
import { ids, testHttp } from './fakes/harness.ts';
import { runConnector } from './runner.ts';
import { startXFake } from '../../networks/x/fake.ts';
import { XSearchConnector } from '../../networks/x/api.ts';
import { migratedMemoryDb } from '../../test/pglite-snapshot.ts';

let h: DbHandle;
let store: CursorStore;
beforeAll(async () => {
  h = await migratedMemoryDb();
  store = dbCursorStore(h.db);
});
afterAll(() => h.close());

describe('cursor store (PGlite)', () => {
  it('keeps one cursor per connector and key, replacing it on each put', async () => {
    expect(await store.get('x.search', 'a')).toBeNull();
    await store.put('x.search', 'a', { mark: '10', page: 'p2', top: '12' });
    await store.put('x.search', 'b', { mark: null, page: null, top: null });
    await store.put('x.search', 'a', { mark: '12', page: null, top: null });
    expect(await store.get('x.search', 'a')).toEqual({ mark: '12', page: null, top: null });
    expect(await store.get('x.search', 'b')).toEqual({ mark: null, page: null, top: null });
    expect(await store.get('facebook.page', 'a')).toBeNull();
    const rows = await h.db.selectFrom('connector_cursors').select(['connector', 'key']).execute();
    expect(rows).toHaveLength(2);
  });

  it('lets a restarted process resume at page 2 with nothing lost or doubled', async () => {
    const fake = await startXFake({ token: 't' });
    // A new connector and store object each time, as after a process restart: only the row remains.
    const make = () => new XSearchConnector({ baseUrl: fake.url, bearerToken: 't', http: testHttp(), query: 'q', key: 'restart', maxResults: 3 });
    const delivered: string[] = [];
    let calls = 0;
    const sink = async (posts: Post[]) => {
      if (++calls === 3) throw new Error('killed before storing page 3');
      delivered.push(...ids(posts));
    };
    const first = await runConnector(make(), { store: dbCursorStore(h.db), sink, maxPages: 1 });
    expect(first).toMatchObject({ ended: 'page_limit', pages: 1 });
    const crashed = await runConnector(make(), { store: dbCursorStore(h.db), sink });
    expect(crashed).toMatchObject({ ended: 'failed', reason: 'sink_failed', pages: 1 });
    const rest = await runConnector(make(), { store: dbCursorStore(h.db), sink });
    expect(rest.ended).toBe('done');
    expect(delivered).toEqual(['1010', '1009', '1008', '1007', '1006', '1005', '1004', '1003', '1002', '1001']);
    await fake.close();
  });
});
