// The ledger's statements as checked-in SQL (ledger/sql/*.sql): what each writer of bin_clips and
// its rollups compiles from fixed inputs. A change to a statement fails here until its .sql file
// is rewritten (UPDATE_SQL=1 npx vitest run apps/server/src/ledger/sql.test.ts) and reviewed.
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { enrich } from '../nlp/enrich.ts';
import { compiledSql, expectSqlFile } from '../test/sql-snapshot.ts';
import {
  changeBinClips,
  dropBinClipsBefore,
  filePosts,
  rebuildRollups,
  reclassify,
  recordRejectedBy,
  revalueClientPosts,
  withStoredCounts,
  type PreparedPost,
} from './index.ts';

const file = (name: string) => fileURLToPath(new URL(`./sql/${name}.sql`, import.meta.url));

const body = 'Loving the new #Acme phone from @acme, see https://acme.test/p in Cape Town';
const prepared: PreparedPost = {
  post: {
    streamId: 7,
    externalId: 'p1',
    author: { externalId: 'a1', name: 'Thandi', handle: 'thandi', followers: 120 },
    body,
    postedAt: new Date('2026-01-02T03:04:05Z'),
    link: 'https://x.test/p1',
    likes: 3,
    country: 'ZA',
    location: 'Cape Town',
  },
  enrichment: enrich(body, 'en'),
  impressions: 150,
  reach: 150,
  bins: [{ binId: 10, projectId: 1, classificationId: 1, favourabilityId: 1, brandAssociationId: 2, ave: 1.5, impactScore: 0.2 }],
  wordBins: [5],
};

describe("the ledger's SQL", () => {
  it('files posts as ledger/sql/file-posts.sql says', async () => {
    const text = await compiledSql({
      withStoredCounts: (db) => withStoredCounts(db, [{ ...prepared.post, likes: undefined }]),
      filePosts: (db) => filePosts(db, [prepared]),
    });
    expectSqlFile(file('file-posts'), text);
  });

  it('changes clips as ledger/sql/change-clips.sql says', async () => {
    const text = await compiledSql({
      'changeBinClips (rate)': (db) => changeBinClips(db, [1, 2], { favourabilityId: 3 }),
      'changeBinClips (reject)': (db) => changeBinClips(db, [1, 2], { rejected: true }),
      recordRejectedBy: (db) => recordRejectedBy(db, [1, 2], { userId: 4, at: new Date('2026-01-02T03:04:05Z') }),
      'recordRejectedBy (restore)': (db) => recordRejectedBy(db, [1, 2], null),
      reclassify: (db) => reclassify(db, [{ id: 1, classificationId: 2 }]),
    });
    expectSqlFile(file('change-clips'), text);
  });

  it('revalues as ledger/sql/revalue.sql says', async () => {
    const text = await compiledSql({ revalueClientPosts: (db) => revalueClientPosts(db, 1, [{ streamId: 7, cpm: 12.5 }]) });
    expectSqlFile(file('revalue'), text);
  });

  it('rebuilds the rollups as ledger/sql/rebuild-rollups.sql says', async () => {
    const text = await compiledSql({
      'rebuildRollups (all bins)': (db) => rebuildRollups(db),
      'rebuildRollups (some bins)': (db) => rebuildRollups(db, [10, 11]),
    });
    expectSqlFile(file('rebuild-rollups'), text);
  });

  it('drops rows past a retention cutoff as ledger/sql/retention.sql says', async () => {
    const text = await compiledSql({ dropBinClipsBefore: (db) => dropBinClipsBefore(db, [10, 11], new Date('2026-01-01T00:00:00Z'), 5000) });
    expectSqlFile(file('retention'), text);
  });
});
