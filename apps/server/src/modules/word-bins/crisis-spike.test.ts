// The crisis spike rule on generated traffic: a week of ordinary matches never fires, a burst fires
// once, names the terms and authors that rose and the posts that drove it, and alerts every
// recipient in the app and by mail.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.ts';
import { useMigratedDb } from '../../test/harness.ts';
import { checkCrisisSpikes, describeSpike, judge, poissonTail } from './crisis-spike.ts';
import { addMatches, seedWordBin, type WordBinFixture } from '../../test/word-bin-fixture.ts';

const HOUR = 3600_000;
const opts = { publicUrl: 'http://localhost:8104', smtp: false };

let db: Db;
useMigratedDb((d) => (db = d));

/** A deterministic pseudo-random sequence, so the ordinary week is the same on every run. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('the spike rule', () => {
  it('Poisson tail', () => {
    expect(poissonTail(0, 2)).toBe(1);
    expect(poissonTail(1, 2)).toBeCloseTo(1 - Math.exp(-2), 10);
    expect(poissonTail(3, 2)).toBeCloseTo(1 - Math.exp(-2) * (1 + 2 + 2), 10);
    expect(poissonTail(40, 2)).toBeLessThan(1e-20);
  });

  it('needs a minimum count, a ratio and an improbable count', () => {
    expect(judge(9, 0, 168).spike).toBe(false); // few posts on a quiet list
    expect(judge(12, 0, 168).spike).toBe(true);
    expect(judge(30, 20 * 168, 168).spike).toBe(false); // a busy list's ordinary hour
    expect(judge(80, 20 * 168, 168).spike).toBe(true);
    // A list started an hour ago: its rate is spread over at least a day.
    expect(judge(12, 20, 1).expected).toBeCloseTo(20 / 24);
  });

  it('writes its counts with thousands separators, as every screen does', () => {
    const text = describeSpike(
      'Outage',
      { observed: 12_040, expected: 1_530.4, pValue: 0, spike: true },
      { terms: [{ term: 'down', count: 2_500, usual: 3 }], authors: [{ author: 'Ann', count: 1_001, usual: 0 }], posts: [] },
    );
    expect(text).toBe('Crisis list "Outage": 12,040 mentions in the last hour, usually 1,530. Rising terms: "down" (2,500). Rising authors: Ann (1,001).');
  });
});

describe('crisis spike job', () => {
  let f: WordBinFixture;
  const now = new Date();
  const start = new Date(now.getTime() - 8 * 24 * HOUR);

  beforeAll(async () => {
    f = await seedWordBin(db, { type: 2, interval: 1440, start, name: 'Water outage', recipients: 2 });
    // About 2 matches an hour for 8 days, with ordinary ups and downs (up to 6 in an hour).
    const r = rng(7);
    const posts = [];
    for (let h = 8 * 24; h >= 1; h--) {
      const n = Math.floor(r() * 4) + (r() < 0.1 ? 3 : 0);
      for (let i = 0; i < n; i++)
        posts.push({
          body: `Water update ${h}-${i}`,
          matchedAt: new Date(now.getTime() - h * HOUR + r() * HOUR),
          author: `resident${i % 7}`,
          terms: ['water', 'update'],
        });
    }
    await addMatches(db, f.wordBinId, posts);
  }, 120_000);

  it('never fires on ordinary traffic', async () => {
    for (let h = 6 * 24; h >= 0; h -= 7) expect(await checkCrisisSpikes(db, { ...opts, now: new Date(now.getTime() - h * HOUR) })).toEqual([]);
    expect(await db.selectFrom('crisis_spikes').select('id').execute()).toEqual([]);
  });

  it('fires once on a burst and names what drove it', async () => {
    const burst = [];
    for (let i = 0; i < 40; i++)
      burst.push({
        body: `Brown water from the tap again #outage ${i}`,
        matchedAt: new Date(now.getTime() - 50 * 60_000 + i * 60_000),
        author: i % 2 ? 'angryresident' : `person${i}`,
        terms: ['brown water', 'water', 'outage'],
      });
    await addMatches(db, f.wordBinId, burst);
    const later = new Date(now.getTime() + 60_000);
    const alerts = await checkCrisisSpikes(db, { ...opts, now: later });
    expect(alerts).toHaveLength(1);
    const [a] = alerts;
    expect(a.verdict.observed).toBeGreaterThanOrEqual(40);
    expect(a.verdict.expected).toBeLessThan(3);
    expect(
      a.drivers.terms
        .map((t) => t.term)
        .slice(0, 2)
        .sort(),
    ).toEqual(['brown water', 'outage']);
    expect(a.drivers.authors[0].author).toBe('angryresident');
    expect(a.drivers.posts).toHaveLength(3);

    const notes = await db.selectFrom('notifications').select(['description', 'link']).where('user_id', 'in', f.userIds).execute();
    expect(notes).toHaveLength(2);
    expect(notes[0].description).toMatch(
      /^Crisis list "Water outage": \d+ mentions in the last hour, usually [\d.]+\. Rising terms: "(brown water|outage)" \(40\)/,
    );
    expect(notes[0].description).toMatch(/Rising authors: angryresident \(20\)\.$/);
    expect(notes[0].link).toBe(`/client/${f.clientId}/project/${f.projectId}/crisis-monitoring/wordbin/${f.wordBinId}`);
    const mails = await db.selectFrom('mail_outbox').select(['to', 'subject', 'text']).where('to', 'in', f.emails).execute();
    expect(mails.map((m) => m.to).sort()).toEqual([...f.emails].sort());
    expect(mails[0].subject).toMatch(/^Crisis alert: Water outage \(\d+ new mentions in the last hour\)/);
    expect(mails[0].text).toContain('Brown water from the tap again');

    // The next minutes of the same burst: no second alert.
    for (const m of [2, 10, 45]) expect(await checkCrisisSpikes(db, { ...opts, now: new Date(now.getTime() + m * 60_000) })).toEqual([]);
    expect(await db.selectFrom('crisis_spikes').select('id').where('word_bin_id', '=', f.wordBinId).execute()).toHaveLength(1);
  });

  it('leaves reaction lists alone', async () => {
    const r = await seedWordBin(db, { type: 1, start });
    await addMatches(
      db,
      r.wordBinId,
      Array.from({ length: 30 }, (_, i) => ({ body: `burst ${i}`, matchedAt: new Date(now.getTime() - i * 60_000) })),
    );
    const alerts = await checkCrisisSpikes(db, { ...opts, now: new Date(now.getTime() + 2 * HOUR) });
    expect(alerts.map((x) => x.wordBinId)).not.toContain(r.wordBinId);
  });
});
