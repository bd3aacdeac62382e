// Which people a client may name as recipients (word bins, alerts, Response alerts): its active
// contacts. One check for every module that takes recipients, so they refuse alike; and one
// reading of who those contacts are, for the modules that list them.
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

/** The client's active contacts with their users, the columns and order left to the caller. */
export function activeContactsOf(db: Db, clientId: number) {
  return db
    .selectFrom('client_contacts')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .where('client_contacts.client_id', '=', clientId)
    .where('client_contacts.is_active', '=', true);
}
