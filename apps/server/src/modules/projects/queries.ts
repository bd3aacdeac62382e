// The SQL of the projects module.
import type { Db } from '../../db/connection.ts';

/** A client's live (not deleted) projects, by description. */
export function projectsOfClient(db: Db, clientId: number) {
  return db.selectFrom('projects').selectAll().where('client_id', '=', clientId).where('is_deleted', '=', false).orderBy('description').execute();
}

/** The client's time zone. */
export async function clientTimeZone(db: Db, clientId: number): Promise<string> {
  const c = await db.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirstOrThrow();
  return c.time_zone;
}
