// Competitor tracking: a project's competitors are other live projects of the same client, named by
// their root bin (docs/spec/001_57268dddd5f58f8a.txt section 3, "Competitor: Name, BinId"; table competitors). The donut counts each
// one's posts from the hourly rollups over the project's own range and streams, with the previous
// period; an admin adds and removes them from the project's cog. Project types 1 and 5 only, as the
// side menu's 'Competitor Tracking'.
import {
  analysisDefaultDays,
  defaultFilterStreams,
  MAX_COMPETITORS,
  offeredStreams,
  type AnalyticQuery,
  type Competitor,
  type CompetitorQuery,
  type CompetitorSettings,
} from '@listening/contract';
import type { z } from 'zod';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertScreen, projectForUser, projectForWrite } from '../../access/index.ts';
import { clientTimeZone, previousScope, resolveScope, toWall, wallDay } from '../../analytics/scope.ts';
import { clipCountsByBin } from '../../analytics/rollup-queries.ts';
import * as q from './queries.ts';

const asCompetitor = (r: { id: number; description: string; bin_id: number | null }): Competitor => ({
  Name: r.description,
  BinId: r.bin_id!,
  ProjectId: r.id,
});

const assertCompetitorType = (project: Pick<ProjectRow, 'project_type_id'>) => assertScreen(project, 'competitor-tracking');

/**
 * The query as the screen sends it: a range or streams left out (the specification's call names
 * projectId alone) are what the screen reads on opening, the analysis screens' default range in the
 * client's time zone and the Filter's default streams.
 */
async function withScreenDefaults(db: Db, user: AuthUser, query: CompetitorQuery): Promise<AnalyticQuery> {
  const { startDate, endDate, streamIds } = query;
  if (startDate && endDate && streamIds) return { ...query, startDate, endDate, streamIds };
  const project = await projectForUser(db, user, query.projectId);
  let range = startDate && endDate ? { startDate, endDate } : null;
  if (!range) {
    const [from, to] = analysisDefaultDays(wallDay(toWall(new Date(), await clientTimeZone(db, project.client_id))));
    range = { startDate: new Date(`${from}T00:00:00Z`), endDate: new Date(`${to}T23:59:59Z`) };
  }
  const offered = offeredStreams(project.project_type_id, project.stream_ids.map(Number));
  return { ...query, ...range, streamIds: streamIds ?? defaultFilterStreams(project.project_type_id, project.project_sub_type_id, offered) };
}

/** The donut: the project first, then each competitor, each with its posts now and in the previous period. */
export async function comparison(db: Db, user: AuthUser, query: CompetitorQuery): Promise<z.infer<typeof C.CompetitorComparison>> {
  // Whole projects are compared: a sub-bin of the address does not narrow the project's own slice.
  const s = await resolveScope(db, user, { ...(await withScreenDefaults(db, user, query)), binId: undefined });
  assertCompetitorType(s.project);
  const competitors = (await q.competitorsOf(db, s.project.id)).map(asCompetitor);
  const own: Competitor = { Name: s.project.description, BinId: s.binId, ProjectId: s.project.id };
  const bins = [own, ...competitors].map((c) => c.BinId);
  const [now, before] = await Promise.all([clipCountsByBin(db, s, bins), clipCountsByBin(db, previousScope(s), bins)]);
  return [own, ...competitors].map((c, i) => ({
    ...c,
    IsProject: i === 0,
    Clips: { Value: now.get(c.BinId) ?? 0, Previous: before.get(c.BinId) ?? 0 },
  }));
}

async function settingsOf(db: Db, project: ProjectRow): Promise<CompetitorSettings> {
  const [competitors, all] = await Promise.all([q.competitorsOf(db, project.id), q.clientProjects(db, project.client_id, project.id)]);
  const taken = new Set(competitors.map((c) => c.id));
  return { Competitors: competitors.map(asCompetitor), Candidates: all.filter((p) => !taken.has(p.id)).map(asCompetitor) };
}

export async function settings(db: Db, user: AuthUser, projectId: number): Promise<CompetitorSettings> {
  const project = await projectForUser(db, user, projectId);
  assertCompetitorType(project);
  return settingsOf(db, project);
}

/** The project whose root bin is `binId`, if it may be compared with `project`: same client, live, not itself. */
async function competitorProject(db: Db, project: ProjectRow, binId: number) {
  const other = await q.projectOfRootBin(db, binId);
  // Another client's bin, a sub-bin or an unknown id: all "not found", so no other client's ids leak.
  if (!other || other.client_id !== project.client_id) throw notFound(`Bin ${binId} is not the bin of a project of this client`);
  if (other.id === project.id) throw badRequest(`Bin ${binId} is this project's own bin: a project cannot be its own competitor`);
  return other;
}

export async function add(db: Db, user: AuthUser, change: { projectId: number; binId: number }): Promise<CompetitorSettings> {
  const project = await projectForWrite(db, user, change.projectId);
  assertCompetitorType(project);
  const other = await competitorProject(db, project, change.binId);
  return db.transaction().execute(async (tx) => {
    const existing = await q.competitorsOf(tx, project.id);
    if (existing.some((c) => c.id === other.id)) throw new HttpError(409, `${other.description} is already a competitor of ${project.description}`);
    if (existing.length >= MAX_COMPETITORS) throw badRequest(`A project has at most ${MAX_COMPETITORS} competitors; remove one first`);
    await q.insertCompetitor(tx, project.id, other.id);
    return settingsOf(tx, project);
  });
}

export async function remove(db: Db, user: AuthUser, change: { projectId: number; binId: number }): Promise<CompetitorSettings> {
  const project = await projectForWrite(db, user, change.projectId);
  assertCompetitorType(project);
  const other = await competitorProject(db, project, change.binId);
  if (!(await q.deleteCompetitor(db, project.id, other.id))) throw notFound(`${other.description} is not a competitor of ${project.description}`);
  return settingsOf(db, project);
}
