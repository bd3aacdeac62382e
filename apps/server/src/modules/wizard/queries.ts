// SQL of the new-project wizard: the client's requesters, and Finish's writes (project, root bin,
// rule, competitor, agreement, product codes) made in one transaction.
import type { Insertable, Kysely } from 'kysely';
import { activeContactsOf } from '../../access/contacts.ts';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export function client(db: Q, clientId: number) {
  return db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).executeTakeFirst();
}

/** The client's active contacts: who may request an agreement. */
export function requesters(db: Q, clientId: number) {
  return activeContactsOf(db, clientId)
    .select(['users.id', 'users.name', 'users.surname', 'users.email', 'client_contacts.is_primary'])
    .orderBy('client_contacts.is_primary', 'desc')
    .orderBy('users.name')
    .execute();
}

export function liveProject(db: Q, projectId: number) {
  return db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', projectId).where('is_deleted', '=', false).executeTakeFirst();
}

export interface NewProject {
  clientId: number;
  name: string;
  typeId: number;
  subTypeId: number | null;
  streamIds: number[];
  start: Date;
  stop: Date | null;
  keywords: string;
  competitorId: number | null;
}

/** The project with its root bin and the rule it collects by; answers the project and bin ids. */
export async function insertProject(db: Q, p: NewProject): Promise<{ projectId: number; binId: number }> {
  const root = await db.insertInto('bins').values({ client_id: p.clientId, name: p.name, bin_type_id: 1 }).returning('id').executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({
      client_id: p.clientId,
      description: p.name,
      project_type_id: p.typeId,
      project_sub_type_id: p.subTypeId,
      stream_ids: p.streamIds,
      start_date: p.start,
      stop_date: p.stop,
      bin_id: root.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('bins').set({ project_id: project.id }).where('id', '=', root.id).execute();
  await db.insertInto('bin_rules').values({ bin_id: root.id, kind: 'phrase', expression: p.keywords }).execute();
  if (p.competitorId !== null) await db.insertInto('competitors').values({ project_id: project.id, competitor_project_id: p.competitorId }).execute();
  return { projectId: project.id, binId: root.id };
}

export function insertAgreement(db: Q, a: Insertable<Database['agreements']>) {
  return db.insertInto('agreements').values(a).returning('id').executeTakeFirstOrThrow();
}

/** The product codes the agreement buys: the client owns them from now on. */
export async function addProductCodes(db: Q, clientId: number, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('client_products')
    .values(codes.map((product_code) => ({ client_id: clientId, product_code })))
    .onConflict((oc) => oc.columns(['client_id', 'product_code']).doNothing())
    .execute();
}

export function markSent(db: Q, agreementId: number) {
  return db.updateTable('agreements').set({ sent_at: new Date() }).where('id', '=', agreementId).execute();
}
