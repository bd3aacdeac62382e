// The listing's count read from bin_hourly: the same number as counting the rows, for
// the plain listing and a favourability, inside a snapshot (rows stored after it are not counted)
// and after a rejection; other filters still count the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveScope, type Scope } from '../../analytics/scope.ts';
import { changeBinClips, rebuildRollups } from '../../ledger/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import * as q from './queries.ts';

const admin: AuthUser = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };

describe('the clip listing count from the hourly rollup', () => {
  let t: TestContext;
  let fx: Fixture;
  let s: Scope;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    s = await resolveScope(t.db, admin, {
      projectId: fx.projectId,
      startDate: new Date('2024-03-01T00:00:00Z'),
      endDate: new Date('2024-03-02T00:00:00Z'),
      streamIds: [7, 8],
    });
  });
  afterAll(() => t.close());

  /** The rows themselves, counted through a filter the rollup cannot serve (every author, or none). */
  const rows = async (f: q.ListingFilters) => {
    const all = await t.db.selectFrom('bin_clips').select('bin_clips.author_id').distinct().execute();
    const authorIds = all.map((r) => Number(r.author_id ?? 0));
    const withAuthor = await q.countListing(t.db, s, { ...f, authorIds });
    const without = await t.db
      .selectFrom('bin_clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bin_id', '=', s.binId)
      .where('stream_id', 'in', s.streams)
      .where('posted_at', '>=', s.from)
      .where('posted_at', '<', s.to)
      .where('rejected', '=', false)
      .where('author_id', 'is', null)
      .$if(f.snapshotId !== undefined, (qb) => qb.where('id', '<=', f.snapshotId!))
      .$if(f.favourabilityId !== undefined, (qb) => qb.where('favourability_id', '=', f.favourabilityId!))
      .executeTakeFirstOrThrow();
    return withAuthor + Number(without.n);
  };

  it('equals the rows for the plain listing and each favourability, before and after a snapshot and a rejection', async () => {
    const snapshotId = await q.newestId(t.db);
    const plain = await q.countListing(t.db, s, { snapshotId });
    expect(plain).toBe(4);
    expect(plain).toBe(await rows({ snapshotId }));
    for (const favourabilityId of [1, 2, 3])
      expect(await q.countListing(t.db, s, { snapshotId, favourabilityId })).toBe(await rows({ snapshotId, favourabilityId }));

    // A post stored after the snapshot (written directly, then the rollups rebuilt, as a bulk load does):
    // the rollup counts it, the snapshot's listing does not; a listing of a later snapshot does.
    const clip = await t.db
      .insertInto('clips')
      .values({ stream_id: 7, external_id: 'count-1', author_id: fx.authors.bob, body: 'Later post about acme', posted_at: '2024-03-01T10:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('bin_clips')
      .values({
        bin_id: fx.rootBinId,
        project_id: fx.projectId,
        clip_id: clip.id,
        stream_id: 7,
        posted_at: '2024-03-01T10:00:00Z',
        author_id: fx.authors.bob,
        favourability_id: 1,
        brand_association_id: 3,
      })
      .execute();
    await rebuildRollups(t.db);
    expect(await q.countListing(t.db, s, { snapshotId })).toBe(4);
    expect(await q.countListing(t.db, s, { snapshotId, favourabilityId: 1 })).toBe(await rows({ snapshotId, favourabilityId: 1 }));
    const later = await q.newestId(t.db);
    expect(await q.countListing(t.db, s, { snapshotId: later })).toBe(5);

    // Rejected: off the count at once (the rollup moves in the same statement as the row).
    await changeBinClips(t.db, [fx.root.c1], { rejected: true });
    expect(await q.countListing(t.db, s, { snapshotId: later })).toBe(4);
    expect(await q.countListing(t.db, s, { snapshotId: later })).toBe(await rows({ snapshotId: later }));
    expect(await q.countListing(t.db, s, { snapshotId: later, rejected: true })).toBe(1);
  });

  it("counts one folder's clips of the tree view from the rollup, several folders' distinct clips from the rows", async () => {
    const one = await q.countClipsOfBins(t.db, [fx.rootBinId], s.streams, s.from, s.to);
    expect(one).toBe(await rows({}));
    expect(one).toBe(4);
    // c1, rejected in the root bin above, still counts in the product bin: five distinct clips.
    const both = await q.countClipsOfBins(t.db, [fx.rootBinId, fx.productBinId], s.streams, s.from, s.to);
    expect(both).toBe(5);
  });
});
