// Admin-only views: the mail outbox (where mail lands when no SMTP_URL is set, and the queue's
// state when it is), the audit log, and what the connectors collected.
import { connectorNetwork, type CollectionRow, type OperationResult, type ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

/** How many mails the outbox view shows at most. */
const OUTBOX_LIMIT = 200;

export async function outbox(db: Db): Promise<OperationResult<typeof C.getOutbox>> {
  const rows = await q.outbox(db, OUTBOX_LIMIT);
  return rows.map((m) => ({ Id: m.id, To: m.to, Subject: m.subject, Text: m.text, DateCreated: m.created_at.toISOString(), Status: m.status }));
}

/** A page of the audit log, newest first; Next pages on to older entries. */
export async function auditLog(db: Db, query: ParsedInput<typeof C.getAuditLog>['query']): Promise<OperationResult<typeof C.getAuditLog>> {
  // One more row than asked tells whether an older page exists.
  const rows = await q.auditLog(db, query.limit + 1, query.before);
  const page = rows.slice(0, query.limit);
  return {
    Entries: page.map((r) => ({
      Id: Number(r.id),
      DateCreated: r.created_at.toISOString(),
      ActorId: r.actor_id,
      Actor: r.actor_email,
      ActingAsId: r.acting_as_id,
      ActingAs: r.acting_email,
      Action: r.action,
      Target: r.target,
      Detail: (r.detail as Record<string, unknown> | null) ?? null,
      Address: r.ip,
    })),
    Next: rows.length > query.limit ? Number(page[page.length - 1].id) : null,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const later = (a: Date | null, b: Date | null) => (a && (!b || a > b) ? a : b);

/**
 * Per project (null: sources shared by every project) and connector kind: instances, runs,
 * items collected and skipped by reason, the latest run and how it ended, the latest error, and
 * the longest streak of runs one instance ended in an error (with that instance's error).
 */
export async function collection(db: Db): Promise<OperationResult<typeof C.getCollectionStats>> {
  const rows = await q.connectorStats(db);
  const groups = new Map<string, CollectionRow & { at: Date | null; errorAt: Date | null }>();
  for (const r of rows) {
    const id = `${r.project_id ?? ''} ${r.connector}`;
    let g = groups.get(id);
    if (!g) {
      g = {
        ProjectId: r.project_id,
        ProjectName: r.project_name,
        ClientName: r.client_name,
        Connector: r.connector,
        Network: connectorNetwork(r.connector),
        Instances: 0,
        Runs: 0,
        Collected: 0,
        Skipped: {},
        LastRun: null,
        LastEnded: null,
        LastError: null,
        LastErrorAt: null,
        StoppedRuns: 0,
        StoppedError: null,
        at: null,
        errorAt: null,
      };
      groups.set(id, g);
    }
    g.Instances++;
    g.Runs += r.runs;
    g.Collected += Number(r.collected);
    for (const [reason, n] of Object.entries((r.skipped as Record<string, number>) ?? {})) g.Skipped[reason] = (g.Skipped[reason] ?? 0) + Number(n);
    if (r.last_run_at && later(r.last_run_at, g.at) === r.last_run_at) [g.at, g.LastEnded] = [r.last_run_at, r.last_ended];
    if (r.last_error && r.last_error_at && later(r.last_error_at, g.errorAt) === r.last_error_at) [g.errorAt, g.LastError] = [r.last_error_at, r.last_error];
    // The instance stopping on the most runs in a row, with what its network last said.
    if (r.stopped_runs > g.StoppedRuns) [g.StoppedRuns, g.StoppedError] = [r.stopped_runs, r.last_error];
  }
  const alerts = await q.skipAlerts(db);
  return {
    Rows: [...groups.values()].map(({ at, errorAt, ...row }) => ({ ...row, LastRun: iso(at), LastErrorAt: iso(errorAt) })),
    Alerts: alerts.map((a) => ({ Connector: a.connector, Network: connectorNetwork(a.connector), Reasons: a.alerting })),
  };
}
