// Clients: those a user may see (tenant access in access/), and the products a client owns.
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { assertClientAccess, clientProductCodes, visibleClientIds } from '../../access/index.ts';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** The clients the user is an active contact of; admins: all. */
export async function listClients(db: Db, user: AuthUser): Promise<OperationResult<typeof C.getClients>> {
  const ids = await visibleClientIds(db, user);
  if (ids !== 'all' && ids.length === 0) return [];
  const rows = await q.clientsByName(db, ids);
  return rows.map((r) => ({ Id: r.id, Name: r.name, IsActive: r.is_active, TimeZone: r.time_zone }));
}

/** The product codes of a client the user may see (404 otherwise). */
export async function clientProducts(db: Db, user: AuthUser, clientId: number): Promise<OperationResult<typeof C.getClientProducts>> {
  await assertClientAccess(db, user, clientId);
  return (await clientProductCodes(db, clientId)).map((ProductCode) => ({ ProductCode }));
}
