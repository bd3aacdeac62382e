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

/** Whether the client is active (an In-Active client's projects collect nothing). */
export async function clientIsActive(db: Db, clientId: number): Promise<boolean> {
  const c = await db.selectFrom('clients').select('is_active').where('id', '=', clientId).executeTakeFirst();
  return !!c?.is_active;
}

/** Active rules of the project's live bins (its root bin named by the project), with the bin they belong to. */
export function projectRules(db: Db, projectId: number, rootBinId: number | null) {
  return db
    .selectFrom('bin_rules')
    .innerJoin('bins', 'bins.id', 'bin_rules.bin_id')
    .select(['bin_rules.bin_id', 'bin_rules.kind', 'bin_rules.expression'])
    .where((eb) => eb.or([eb('bins.project_id', '=', projectId), eb('bins.id', '=', rootBinId ?? 0)]))
    .where('bins.is_deleted', '=', false)
    .where('bin_rules.is_active', '=', true)
    .orderBy('bin_rules.id')
    .execute();
}

/** The project's linked profiles: whether each has a token and whether the last check refused it (never the token). */
export function projectProfiles(db: Db, projectId: number) {
  return db
    .selectFrom('profiles')
    .select(['stream_id', 'name', 'handle', 'token_valid'])
    .select((eb) => eb('access_token_enc', 'is not', null).as('has_token'))
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}
