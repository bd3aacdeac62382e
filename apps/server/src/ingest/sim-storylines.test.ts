// The demo corpus's planted storylines are what Narrative Analysis finds: each one a narrative
// labelled by its phrases and holding its posts, the burst's copies one coordinated item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupNarratives, type NarrativePost } from '../analytics/narratives/group.ts';
import type { DbHandle } from '../db/connection.ts';
import { generateDemoCorpus } from './demo-corpus.ts';
import { BURST, STORYLINES } from './sim-storylines.ts';
import { seedProject } from './testing.ts';
import { migratedMemoryDb } from '../test/pglite-snapshot.ts';

let h: DbHandle;
let posts: (NarrativePost & { externalId: string })[];

beforeAll(async () => {
  h = await migratedMemoryDb();
  await seedProject(h.db, {
    streamIds: [7, 8, 9, 10, 11],
    rules: [{ bin: 'root', expression: 'acme OR #acmesa' }],
    profile: { streamId: 7, externalId: 'acme-1', handle: 'AcmeSA' },
  });
  await generateDemoCorpus(h.db, { clips: 5000, days: 60, seed: 3, now: new Date('2024-06-30T00:00:00Z') });
  const rows = await h.db.selectFrom('clips').select(['id', 'external_id', 'body', 'author_id', 'posted_at']).execute();
  posts = rows.map((r) => ({ id: r.id, externalId: r.external_id, text: r.body, author: String(r.author_id), postedAt: new Date(r.posted_at) }));
});
afterAll(() => h.close());

describe('storylines planted in the demo corpus', () => {
  it('are each found as a narrative labelled by their phrases, with their posts', () => {
    const groups = groupNarratives(posts);
    for (const s of [...STORYLINES, BURST]) {
      const planted = new Set(posts.filter((p) => p.externalId.includes(`-${s.name}-`)).map((p) => p.id));
      expect(planted.size, s.name).toBeGreaterThanOrEqual(20);
      const inGroup = (g: (typeof groups)[number]) => g.posts.filter((i) => planted.has(posts[i].id)).length;
      const best = groups.reduce((a, b) => (inGroup(b) > inGroup(a) ? b : a));
      // Nearly all its posts, and mostly its own.
      expect(inGroup(best) / planted.size, s.name).toBeGreaterThanOrEqual(0.9);
      expect(inGroup(best) / best.posts.length, s.name).toBeGreaterThanOrEqual(0.8);
      const label = best.label.map((l) => l.phrase).join(' | ');
      expect(
        s.phrases.some((p) => label.includes(p)),
        `${s.name}: ${label}`,
      ).toBe(true);
    }
  });

  it('collapse the burst into one coordinated item from its many accounts', () => {
    const items = groupNarratives(posts).flatMap((g) => g.copies);
    const burst = items.find((c) => c.posts.some((i) => posts[i].externalId.includes(`-${BURST.name}-`)))!;
    expect(burst.posts.length).toBeGreaterThanOrEqual(BURST.accounts);
    expect(burst.accounts).toBeGreaterThanOrEqual(BURST.accounts);
    expect(burst.coordinated).toBe(true);
  });
});
