// The runner's statements as checked-in SQL (analytics/sql/query.sql): what each read of
// analytics/query.ts compiles for a fixed scope. A change to a statement fails here until the file
// is rewritten (UPDATE_SQL=1 npx vitest run apps/server/src/analytics/query-sql.test.ts) and reviewed.
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import type { ProjectRow } from '../db/schema.ts';
import { compiledSql, expectSqlFile } from '../test/sql-snapshot.ts';
import * as figures from './query.ts';
import type { Scope } from './scope.ts';

const scope: Scope = {
  project: { id: 1, client_id: 2, bin_id: 10 } as ProjectRow,
  binId: 10,
  streams: [1, 7],
  timeZone: 'Africa/Johannesburg',
  from: new Date('2026-01-31T22:00:00Z'),
  to: new Date('2026-02-28T22:00:00Z'),
  startWall: new Date('2026-02-01T00:00:00Z'),
  endWall: new Date('2026-02-28T23:59:59.999Z'),
};
const cuts: figures.Cuts = { nowWall: new Date('2026-03-02T00:00:00Z'), dataStart: null };

describe("the figure runner's SQL", () => {
  it('reads as analytics/sql/query.sql says', async () => {
    const text = await compiledSql({
      total: (db) => figures.total(db, scope, ['clips', 'ave', 'positive', 'neutral', 'negative', 'owned', 'earned', 'chatter']),
      'totalPrevious (the comparison period)': (db) => figures.totalPrevious(db, scope, ['clips']),
      byStream: (db) => figures.byStream(db, scope, ['clips', 'ave']),
      byBucket: (db) => figures.byBucket(db, scope, 'week', ['clips', 'positive']),
      byBucketHour: (db) => figures.byBucketHour(db, scope, 'day', ['clips', 'negative']),
      byAssociation: (db) => figures.byAssociation(db, scope, ['positive', 'neutral', 'negative', 'ave']),
      'series (with the cuts given)': (db) => figures.series(db, scope, 'day', ['clips'], cuts),
      cutsOf: (db) => figures.cutsOf(db, scope, new Date('2026-03-01T10:00:00Z')),
    });
    expectSqlFile(fileURLToPath(new URL('./sql/query.sql', import.meta.url)), text);
  });
});
