// Clients: those a user may see (tenant access in access/), the products a client owns, and how
// long its posts are kept (admins; applied by retention.ts).
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { assertClientAccess, clientProductCodes, visibleClientIds } from '../../access/index.ts';
import type { z } from 'zod';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import { enqueue } from '../../jobs/runner.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { RETENTION_QUEUE } from './retention.ts';

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

/** A client's post retention and the retention job's last run (admins; 404 for no such client). */
export async function getRetention(db: Db, clientId: number): Promise<OperationResult<typeof C.getClientRetention>> {
  const client = await q.clientRetention(db, clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  const run = await q.lastRun(db, clientId);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    ClientId: client.id,
    MonthsKept: client.posts_kept_months,
    PostsKeptFrom: iso(client.posts_kept_from),
    LastRun: run
      ? {
          StartedAt: iso(run.started_at)!,
          FinishedAt: iso(run.finished_at),
          Cutoff: iso(run.cutoff)!,
          BinClipsRemoved: Number(run.bin_clips_removed),
          PostsRemoved: Number(run.posts_removed),
        }
      : null,
  };
}

/**
 * Sets how many months of posts the client keeps (null: for ever), audited; a run is queued at
 * once so a shorter setting takes effect now rather than at the next daily run.
 */
export async function updateRetention(
  db: Db,
  user: AuthUser,
  clientId: number,
  body: z.output<typeof C.UpdateRetentionBody>,
): Promise<OperationResult<typeof C.updateClientRetention>> {
  const client = await q.clientRetention(db, clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  await db.transaction().execute(async (trx) => {
    await q.setRetentionMonths(trx, clientId, body.MonthsKept);
    await audit(trx, {
      actor: user,
      action: 'client.retention',
      target: `client:${clientId}`,
      detail: { from: client.posts_kept_months, to: body.MonthsKept },
    });
    if (body.MonthsKept !== null) await enqueue(trx, RETENTION_QUEUE, { clientId });
  });
  return getRetention(db, clientId);
}
