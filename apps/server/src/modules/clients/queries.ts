// The SQL of the clients module.
import type { Db } from '../../db/connection.ts';

/** Clients by name: those of `ids`, or all of them. */
export function clientsByName(db: Db, ids: number[] | 'all') {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'is_active', 'time_zone'])
    .$if(ids !== 'all', (q) => q.where('id', 'in', ids as number[]))
    .orderBy('name')
    .execute();
}
