// SQL of product requests: the recent request for a project and product, a new one, and the
// provider's admins to tell.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The project's latest request for the product made since `since`, if any. */
export function recentRequest(db: Kysely<Database>, projectId: number, product: string, since: Date) {
  return db
    .selectFrom('product_requests')
    .select(['id', 'created_at'])
    .where('project_id', '=', projectId)
    .where('product', '=', product)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertRequest(db: Kysely<Database>, r: { clientId: number; projectId: number; userId: number; product: string }) {
  return db
    .insertInto('product_requests')
    .values({ client_id: r.clientId, project_id: r.projectId, user_id: r.userId, product: r.product })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Serialises requests for one project: a second caller waits until the first has committed. */
export async function lockProject(db: Kysely<Database>, projectId: number): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
}

/** The provider's staff: who hears of a request. */
export function admins(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'email']).where('is_admin', '=', true).orderBy('id').execute();
}

export function requester(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['name', 'surname', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export function clientName(db: Kysely<Database>, clientId: number) {
  return db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow();
}
