// Which people a client may name as recipients (word bins, alerts, Response alerts): its active
// contacts. One check for every module that takes recipients, so they refuse alike.
import type { Db } from '../db/connection.ts';

/** Which of these contact ids (client_contacts) are active contacts of the client. */
export async function activeContactIdsOf(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('client_contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where('is_active', '=', true)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
