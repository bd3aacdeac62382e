// Projects of a client: listed, read one at a time, the products of the project's client, and what
// collects the project's posts.
// Which projects a user may see is decided by access/ (another client's project answers 404).
import { PROJECT_TYPE_LABELS, type OperationResult, type Project } from '@listening/contract';
import type * as C from '@listening/contract';
import { assertClientAccess, clientProductCodes, projectForUser } from '../../access/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { collectionStatus } from './collection.ts';
import * as q from './queries.ts';

const isoDate = (d: Date | null) => (d ? d.toISOString() : null);

export function toProject(p: ProjectRow, timeZone: string): Project {
  return {
    Id: p.id,
    ClientId: p.client_id,
    Description: p.description,
    ProjectType: PROJECT_TYPE_LABELS[p.project_type_id] ?? `Type ${p.project_type_id}`,
    ProjectTypeId: p.project_type_id,
    ProjectSubTypeId: p.project_sub_type_id,
    StreamId: p.stream_ids.join(','),
    StartDate: p.start_date.toISOString(),
    StopDate: isoDate(p.stop_date),
    BinId: p.bin_id ?? 0,
    TimeZone: timeZone,
  };
}

/** A client's projects, sorted by description; 404 for a client the user may not see. */
export async function listProjects(db: Db, user: AuthUser, clientId: number): Promise<OperationResult<typeof C.getProjects>> {
  await assertClientAccess(db, user, clientId);
  const timeZone = await q.clientTimeZone(db, clientId);
  const rows = await q.projectsOfClient(db, clientId);
  return rows.map((p) => toProject(p, timeZone));
}

/** One project, if the user may see it. */
export async function getProject(db: Db, user: AuthUser, projectId: number): Promise<OperationResult<typeof C.getProject>> {
  const project = await projectForUser(db, user, projectId);
  return toProject(project, await q.clientTimeZone(db, project.client_id));
}

/** The product codes of the project's client, if the user may see the project. */
export async function projectProducts(db: Db, user: AuthUser, projectId: number): Promise<OperationResult<typeof C.getProjectProducts>> {
  const project = await projectForUser(db, user, projectId);
  return (await clientProductCodes(db, project.client_id)).map((ProductCode) => ({ ProductCode }));
}

/**
 * What brings the project's posts in, stream by stream (collection.ts decides), for anyone who may
 * see the project. Tokens are never read here: only whether a profile has one and whether its
 * last check refused it.
 */
export async function projectCollection(db: Db, config: Config, user: AuthUser, projectId: number): Promise<OperationResult<typeof C.getCollectionStatus>> {
  const project = await projectForUser(db, user, projectId);
  const [clientActive, timeZone, rules, profiles] = await Promise.all([
    q.clientIsActive(db, project.client_id),
    q.clientTimeZone(db, project.client_id),
    q.projectRules(db, project.id, project.bin_id),
    q.projectProfiles(db, project.id),
  ]);
  return collectionStatus(
    {
      streamIds: project.stream_ids.map(Number),
      stopDate: project.stop_date,
      timeZone,
      clientActive,
      rootRules: rules.filter((r) => r.bin_id === project.bin_id),
      rules,
    },
    profiles.map((p) => ({ streamId: p.stream_id, name: p.name, handle: p.handle, hasToken: !!p.has_token, tokenValid: p.token_valid })),
    {
      simulator: config.simulator,
      connectorIntervalMs: config.connectorIntervalMs,
      xBearerToken: config.xBearerToken,
      youtubeApiKey: config.youtubeApiKey,
      blogFeeds: config.blogFeeds,
      oauth: config.oauth,
      // The embedded database generates its key (DATA_DIR/token.key); PostgreSQL needs TOKEN_KEY (crypto/tokens.ts).
      tokenKeys: !!config.tokenKey || !config.databaseUrl,
    },
  );
}
