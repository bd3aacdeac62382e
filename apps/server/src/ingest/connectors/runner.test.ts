import { describe, expect, it } from 'vitest';
import type { Post } from '../post.ts';
import { memoryCursorStore } from './cursor-store.ts';
import { runConnector, runConnectors } from './runner.ts';
import type { Connector, CursorValue, PageOutcome } from './types.ts';

const post = (id: string): Post => ({ streamId: 13, externalId: id, author: { externalId: 'a', name: 'A' }, body: `body ${id}`, postedAt: new Date(0) });

/** A scripted connector: each call returns the next outcome (or throws it). */
function scripted(name: string, steps: (PageOutcome | Error)[]): Connector & { seen: (CursorValue | null)[] } {
  const seen: (CursorValue | null)[] = [];
  let i = 0;
  return {
    name,
    key: 'k',
    seen,
    async fetchPage(cursor) {
      seen.push(cursor);
      const s = steps[Math.min(i++, steps.length - 1)];
      if (s instanceof Error) throw s;
      return s;
    },
  };
}
const page = (n: number, next: PageOutcome['next'], posts = [post(`p${n}`)]): PageOutcome => ({ page: { posts, skipped: [] }, cursor: { n }, next });
const malformed = (n: number): PageOutcome => ({
  page: { posts: [], skipped: [{ reason: 'malformed_json' }] },
  cursor: { n },
  next: 'retry',
  reason: 'malformed_json',
});

describe('runner', () => {
  it('hands pages to the sink and saves each cursor only after the sink took the page', async () => {
    const store = memoryCursorStore();
    const order: string[] = [];
    const put = store.put.bind(store);
    store.put = async (c, k, v) => {
      order.push(`put ${JSON.stringify(v)}`);
      await put(c, k, v);
    };
    const report = await runConnector(scripted('a', [page(1, 'more'), page(2, 'done')]), {
      store,
      sink: async (p) => void order.push(`sink ${p[0].externalId}`),
    });
    expect(order).toEqual(['sink p1', 'put {"n":1}', 'sink p2', 'put {"n":2}']);
    expect(report).toMatchObject({ ended: 'done', pages: 2, posts: 2 });
  });

  it('keeps going when one connector throws or its pages stay malformed', async () => {
    const store = memoryCursorStore();
    const got: string[] = [];
    const skipped: string[] = [];
    const reports = await runConnectors(
      [scripted('broken', [new Error('bug')]), scripted('garbled', [malformed(0)]), scripted('fine', [page(1, 'more'), malformed(1), page(2, 'done')])],
      {
        store,
        sink: async (p) => void got.push(...p.map((x) => x.externalId)),
        maxRetries: 2,
        onSkipped: (c, s) => void skipped.push(`${c.name}:${s[0].reason}`),
      },
    );
    expect(reports.map((r) => [r.connector, r.ended, r.reason])).toEqual([
      ['broken', 'failed', 'connector_error'],
      ['garbled', 'retries_exhausted', 'malformed_json'],
      ['fine', 'done', undefined],
    ]);
    expect(reports[1].skipped).toEqual({ malformed_json: 3 });
    expect(got).toEqual(['p1', 'p2']);
    expect(skipped.filter((s) => s.startsWith('fine'))).toEqual(['fine:malformed_json']);
    expect(await store.get('garbled', 'k')).toBeNull();
  });

  it('stops a connector that asks to stop, and stops between pages when aborted', async () => {
    const store = memoryCursorStore();
    const stopped = await runConnector(scripted('s', [page(1, 'stop', [])]), { store, sink: async () => {} });
    expect(stopped.ended).toBe('stopped');
    const ac = new AbortController();
    const aborted = await runConnector(scripted('ab', [page(1, 'more'), page(2, 'more')]), { store, signal: ac.signal, sink: async () => ac.abort() });
    expect(aborted).toMatchObject({ ended: 'aborted', pages: 1 });
    expect(await store.get('ab', 'k')).toEqual({ n: 1 });
  });

  it('bounds a run by maxPages and resumes from the stored cursor next time', async () => {
    const store = memoryCursorStore();
    const c = scripted('paged', [page(1, 'more'), page(2, 'more'), page(3, 'done')]);
    expect(await runConnector(c, { store, sink: async () => {}, maxPages: 2 })).toMatchObject({ ended: 'page_limit', pages: 2 });
    expect(await runConnector(c, { store, sink: async () => {} })).toMatchObject({ ended: 'done', pages: 1 });
    expect(c.seen).toEqual([null, { n: 1 }, { n: 2 }]);
  });
});
