// The owned accounts' answers planted in the demo corpus and sent by the live simulator: the
// response queue of a first start has answered items with response times, and open ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressedPosts, responseItems, timesOf } from '../analytics/response-times.ts';
import type { DbHandle } from '../db/connection.ts';
import { generateDemoCorpus } from './demo-corpus.ts';
import type { Post } from './post.ts';
import { DAY_MS } from './sim-rate.ts';
import { createSimulator } from './simulator.ts';
import { seedProject, type SeededProject } from './testing.ts';
import { migratedMemoryDb } from '../test/pglite-snapshot.ts';

let h: DbHandle;
let p: SeededProject;
const END = new Date('2024-06-30T00:00:00Z');

beforeAll(async () => {
  h = await migratedMemoryDb();
  p = await seedProject(h.db, {
    streamIds: [7, 8, 9],
    rules: [{ bin: 'root', expression: 'acme OR #acmesa' }],
    profile: { streamId: 7, externalId: 'acme-1', handle: 'AcmeSA' },
  });
  await generateDemoCorpus(h.db, { clips: 3000, days: 30, seed: 5, now: END });
}, 120_000);
afterAll(() => h.close());

describe('owned accounts answering in the demo corpus', () => {
  it('answer part of the posts addressed to them, by a reply whose parent is the post, after it and before the end', async () => {
    const answers = await h.db
      .selectFrom('clips as a')
      .innerJoin('clips as q', (j) => j.onRef('q.external_id', '=', 'a.parent_external_id').onRef('q.stream_id', '=', 'a.stream_id'))
      .innerJoin('authors as au', 'au.id', 'a.author_id')
      .select(['a.posted_at as answered', 'q.posted_at as asked', 'au.external_id as author', 'q.in_reply_to_handle as to', 'q.body'])
      .where('a.external_id', 'like', '%-answer')
      .execute();
    expect(answers.length).toBeGreaterThan(20);
    for (const a of answers) {
      expect(a.author).toBe('acme-1');
      // A reply to the account or a mention of it.
      expect(a.to?.toLowerCase() === 'acmesa' || /@acmesa\b/i.test(a.body)).toBe(true);
      expect(new Date(a.answered).getTime()).toBeGreaterThan(new Date(a.asked).getTime());
      expect(new Date(a.answered).getTime()).toBeLessThanOrEqual(END.getTime());
    }
  });

  it('give the response queue answered items with response times, and open ones', async () => {
    const rows = await addressedPosts(
      h.db,
      { projectId: p.projectId, binId: p.rootBinId, streams: [7, 8, 9], from: new Date(END.getTime() - 30 * DAY_MS), to: END },
      100_000,
    );
    const items = responseItems(rows, END);
    const t = timesOf(items, 60);
    expect(t.Needing).toBeGreaterThan(20);
    expect(t.Answered).toBeGreaterThan(t.Needing * 0.4);
    expect(t.Answered).toBeLessThan(t.Needing);
    expect(items.some((i) => i.Status === 'open')).toBe(true);
    // A social team's delays: half within the hour, a tail of hours.
    expect(t.MedianMinutes!).toBeGreaterThan(5);
    expect(t.MedianMinutes!).toBeLessThan(90);
    expect(t.P90Minutes!).toBeGreaterThan(t.MedianMinutes!);
  });
});

describe('owned accounts answering in the live simulator', () => {
  it('send an answer only once its time has come, after the post it answers', async () => {
    const sent: { post: Post; at: number }[] = [];
    let now = END.getTime() + DAY_MS;
    const sim = createSimulator(h.db, {
      seed: 9,
      postsPerDay: 200_000,
      catchUpMs: 0,
      now: () => now,
      sink: async (posts) => void sent.push(...posts.map((post) => ({ post, at: now }))),
    });
    await sim.step();
    // Ticks under a minute apart (the simulator reloads its projects after a minute), for 100 minutes.
    for (let i = 0; i < 120; i++) {
      now += 50_000;
      await sim.step();
    }
    const byId = new Map(sent.map((s) => [s.post.externalId, s]));
    const answers = sent.filter((s) => s.post.externalId.endsWith('-answer'));
    expect(answers.length).toBeGreaterThan(5);
    let later = 0;
    for (const a of answers) {
      expect(a.post.postedAt.getTime()).toBeLessThanOrEqual(a.at);
      const asked = byId.get(a.post.parentExternalId!)!;
      expect(asked.post.postedAt.getTime()).toBeLessThan(a.post.postedAt.getTime());
      if (asked.at < a.at) later++;
    }
    // Some were sent by a later tick than the post they answer: the item was open meanwhile.
    expect(later).toBeGreaterThan(0);
    expect(answers.length).toBeLessThan(sent.length);
  });
});
