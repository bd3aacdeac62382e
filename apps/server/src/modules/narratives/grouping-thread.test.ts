import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../analytics/scope.ts';
import { prng } from '../../prng.ts';
import { startGroupingThread } from './grouping-thread.ts';
import type { NarrativeRow } from './queries.ts';

const WORDS = 'delivery late parcel durban price rise bread milk promo festive voucher branch queue refund app login outage card fee rate loan'.split(' ');

function rows(n: number): NarrativeRow[] {
  const rnd = prng(7);
  const start = Date.UTC(2025, 5, 1);
  return Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    stream_id: 7,
    author_id: String(1 + (i % 5000)),
    author_name: `author ${i % 5000}`,
    author_handle: `a${i % 5000}`,
    followers: 100,
    body: `acme ${Array.from({ length: 8 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ')} ${i % 997}`,
    posted_at: new Date(start + Math.floor(rnd() * 20 * 86_400_000)),
    ave: '1.00',
    favourability_id: 2,
    brand_association_id: 3,
  })) as unknown as NarrativeRow[];
}

const scope = {
  binId: 1,
  streams: [7],
  timeZone: 'UTC',
  from: new Date(Date.UTC(2025, 5, 1)),
  to: new Date(Date.UTC(2025, 5, 21)),
  startWall: new Date(Date.UTC(2025, 5, 1)),
  endWall: new Date(Date.UTC(2025, 5, 20, 23, 59, 59)),
} as Scope;

describe('narrative grouping on a worker thread', () => {
  it('keeps the server answering while a large grouping runs, and tells its progress as it goes', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const grouping = startGroupingThread();
    try {
      const all = rows(40_000);
      for (let i = 0; i < all.length; i += 20_000) grouping.add(all.slice(i, i + 20_000));
      const progress: number[] = [];
      let done = false;
      const answering = grouping.answer('', scope, (d, of) => progress.push(d / of)).finally(() => (done = true));
      // Requests made while the grouping runs are answered promptly.
      const waits: number[] = [];
      while (!done) {
        const t0 = performance.now();
        expect(await (await fetch(url)).text()).toBe('ok');
        waits.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      const answer = await answering;
      expect(answer.Posts).toBe(40_000);
      expect(answer.Narratives.length).toBeGreaterThan(0);
      expect(waits.length).toBeGreaterThanOrEqual(5);
      expect(Math.max(...waits)).toBeLessThan(1000);
      expect(new Set(progress).size).toBeGreaterThanOrEqual(5);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(1);
    } finally {
      await grouping.close();
      server.close();
    }
  }, 60_000);

  it('answers in words when the query does not parse', async () => {
    const grouping = startGroupingThread();
    try {
      grouping.add(rows(10));
      await expect(grouping.answer('(acme', scope)).rejects.toThrow('The query does not read as a rule');
    } finally {
      await grouping.close();
    }
  });
});
