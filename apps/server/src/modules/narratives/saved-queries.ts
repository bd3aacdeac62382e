// Narrative Analysis's saved queries (docs/narratives.md, "Saved queries"): a user reads the saved
// queries of the projects they may see (404 for others, never revealing they exist) and changes
// them while the client is not In-Active. A query is checked with the matcher's parser, so a query
// that saves is a query that runs; recipients must be active contacts of the project's client.
import { NARRATIVE_QUERY_MESSAGES, type NarrativeQuery, type NarrativeRangeKind } from '@listening/contract';
import type { z } from 'zod';
import type * as C from '@listening/contract';
import { activeContactIdsOf, assertClientWritable, projectForUser } from '../../access/index.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { queryMatcher } from './answer.ts';

type Input = z.output<typeof C.NarrativeQueryInput>;
type Change = z.output<typeof C.NarrativeQueryChange>;

async function toWire(db: Db, rows: q.SavedQueryRow[]): Promise<NarrativeQuery[]> {
  const recipients = await q.recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    Id: r.id,
    ProjectId: r.project_id,
    Name: r.name,
    Query: r.query,
    StreamIds: r.stream_ids,
    RangeKind: r.range_kind as NarrativeRangeKind,
    AlertMinPosts: r.alert_min_posts,
    AlertGrowth: r.alert_growth,
    Recipients: recipients.filter((x) => x.query_id === r.id).map((x) => ({ ContactId: x.contact_id, Name: x.name, Surname: x.surname, Email: x.email })),
    CreatedAt: r.created_at.toISOString(),
  }));
}

/** The saved query, if the user may see its project (404 otherwise). */
async function savedQueryForUser(db: Db, user: AuthUser, id: number) {
  const row = await q.savedQuery(db, id);
  if (!row) throw notFound(`Saved query ${id} not found`);
  const project = await projectForUser(db, user, row.project_id).catch(() => {
    throw notFound(`Saved query ${id} not found`);
  });
  return { row, project };
}

/** The fields checked against the project: the query reads, the name is free, the recipients are the client's. */
async function checked(db: Db, projectId: number, clientId: number, body: Input | Change, exceptId: number | null): Promise<q.QueryFields> {
  queryMatcher(body.Query);
  if (await q.nameTaken(db, projectId, body.Name, exceptId)) throw badRequest(NARRATIVE_QUERY_MESSAGES.nameTaken(body.Name));
  const ours = await activeContactIdsOf(db, clientId, body.RecipientIds);
  const strangers = body.RecipientIds.filter((id) => !ours.has(id));
  if (strangers.length)
    throw badRequest(
      `Contact ${strangers.slice(0, 10).join(', ')} is not an active contact of this project's client: choose recipients from the client's contacts`,
    );
  return {
    name: body.Name,
    query: body.Query,
    streamIds: body.StreamIds,
    rangeKind: body.RangeKind,
    alertMinPosts: body.AlertMinPosts,
    alertGrowth: body.AlertGrowth,
  };
}

export async function list(db: Db, user: AuthUser, projectId: number): Promise<NarrativeQuery[]> {
  await projectForUser(db, user, projectId);
  return toWire(db, await q.savedQueries(db, projectId));
}

async function one(db: Db, id: number): Promise<NarrativeQuery> {
  return (await toWire(db, [(await q.savedQuery(db, id))!]))[0];
}

export async function save(db: Db, user: AuthUser, body: Input): Promise<NarrativeQuery> {
  const project = await projectForUser(db, user, body.ProjectId);
  await assertClientWritable(db, user, project.client_id);
  const fields = await checked(db, project.id, project.client_id, body, null);
  return one(db, await q.writeSavedQuery(db, { projectId: project.id, userId: user.id }, fields, [...new Set(body.RecipientIds)]));
}

export async function update(db: Db, user: AuthUser, id: number, body: Change): Promise<NarrativeQuery> {
  const { row, project } = await savedQueryForUser(db, user, id);
  await assertClientWritable(db, user, project.client_id);
  const fields = await checked(db, project.id, project.client_id, body, row.id);
  return one(db, await q.writeSavedQuery(db, { id: row.id }, fields, [...new Set(body.RecipientIds)]));
}

export async function remove(db: Db, user: AuthUser, id: number): Promise<{ ok: boolean }> {
  const { row, project } = await savedQueryForUser(db, user, id);
  await assertClientWritable(db, user, project.client_id);
  // Its recipients and told narratives go with it (ON DELETE CASCADE).
  await q.deleteSavedQuery(db, row.id);
  return { ok: true };
}
