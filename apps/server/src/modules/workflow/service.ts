// The workflow board's rules. A word bin has one workflow, created with its default group 'New'
// when the bin is created (word-bins' insertWordBin; migration 0030 gave older bins theirs), so
// reading a board never writes; its groups are the board's columns and its matched clips the
// tickets. Access follows the word bin's project: a user reads and changes only their own
// client's boards (another client's ids answer 404), an In-Active client's are read-only, and the
// board belongs to the Reaction Lists product like the bins themselves.
import { WORKFLOW_GROUPS_MAX, WORKFLOW_PLACEHOLDER_GROUP_ID, WORKFLOW_TICKET_BODY_MAX, type WorkflowClip, type WorkflowGroup } from '@listening/contract';
import { projectForUser, projectForWrite } from '../../access/index.ts';
import { assertUnlocked } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type Bin = NonNullable<Awaited<ReturnType<typeof q.wordBin>>>;
type WorkflowRow = NonNullable<Awaited<ReturnType<typeof q.workflowById>>>;
type GroupRow = NonNullable<Awaited<ReturnType<typeof q.liveGroup>>>;
type Mode = 'read' | 'write';

const notFoundAs = (message: string) => (err: unknown) => {
  throw err instanceof HttpError && err.statusCode === 404 ? notFound(message) : err;
};

/** The word bin and its project when the user may read (or change) it; 404 otherwise, whether it exists or not. */
async function wordBinFor(db: Db, user: AuthUser, wordBinId: number, mode: Mode, missing = `Word bin ${wordBinId} not found`) {
  const bin = await q.wordBin(db, wordBinId);
  if (!bin) throw notFound(missing);
  const project = await (mode === 'write' ? projectForWrite : projectForUser)(db, user, bin.project_id).catch(notFoundAs(missing));
  await assertUnlocked(db, project, 'ReactionLists');
  return { bin, project };
}

export async function workflowFor(db: Db, user: AuthUser, workflowId: number, mode: Mode) {
  const missing = `Workflow ${workflowId} not found`;
  const workflow = await q.workflowById(db, workflowId);
  if (!workflow) throw notFound(missing);
  return { workflow, ...(await wordBinFor(db, user, workflow.word_bin_id, mode, missing)) };
}

async function groupFor(db: Db, user: AuthUser, groupId: number, mode: Mode) {
  const missing = `Group ${groupId} not found`;
  const group = await q.liveGroup(db, groupId);
  if (!group) throw notFound(missing);
  return { group, ...(await wordBinFor(db, user, group.word_bin_id, mode, missing)) };
}

/** The bin's workflow; 404 for a bin without one (only a bin written around the service: see insertWordBin). */
async function workflowOfBin(db: Db, bin: Bin): Promise<WorkflowRow> {
  const workflow = await q.workflowOfBin(db, bin.id);
  if (!workflow) throw notFound(`Word bin ${bin.id} has no board`);
  return workflow;
}

const workflowAnswer = (w: WorkflowRow, project: ProjectRow) => ({ Id: w.id, Description: w.description, WordBinId: w.word_bin_id, ProjectId: project.id });

export async function getWordBinWorkflow(db: Db, user: AuthUser, wordBinId: number) {
  const { bin, project } = await wordBinFor(db, user, wordBinId, 'read');
  return workflowAnswer(await workflowOfBin(db, bin), project);
}

type TicketRow = Awaited<ReturnType<typeof q.groupTickets>>[number];

function toTicket(t: TicketRow, groupId: number): WorkflowClip {
  return {
    Id: t.id,
    ClipId: t.clip_id,
    WorkflowGroupId: groupId,
    DatePosted: t.posted_at.toISOString(),
    AuthorId: t.author_id,
    AuthorName: t.author_name ?? (t.author_handle ? `@${t.author_handle}` : 'Unknown author'),
    StreamId: t.stream_id,
    Link: t.link,
    Clip: { Body: t.body.length > WORKFLOW_TICKET_BODY_MAX ? `${t.body.slice(0, WORKFLOW_TICKET_BODY_MAX - 1)}…` : t.body },
  };
}

const groupAnswer = (g: { id: number; description: string; is_default: boolean }) => ({
  Id: g.id,
  Description: g.description,
  IsDefault: g.is_default,
  IsDeleted: false,
});

export async function listGroups(db: Db, user: AuthUser, workflowId: number): Promise<WorkflowGroup[]> {
  const { workflow } = await workflowFor(db, user, workflowId, 'read');
  const groups = await q.liveGroups(db, workflow.id);
  const defaultId = groups.find((g) => g.is_default)?.id ?? null;
  const counts = defaultId === null ? new Map<number, number>() : await q.ticketCounts(db, workflow.word_bin_id, defaultId);
  return Promise.all(
    groups.map(async (g) => {
      const tickets = await q.groupTickets(db, { wordBinId: workflow.word_bin_id, groupId: g.id, isDefault: g.is_default });
      return { ...groupAnswer(g), TicketCount: counts.get(g.id) ?? 0, Tickets: tickets.map((t) => toTicket(t, g.id)) };
    }),
  );
}

export async function listClips(db: Db, user: AuthUser, query: { groupId: number; from: Date; to: Date; projectId: number }): Promise<WorkflowClip[]> {
  const { group, project } = await groupFor(db, user, query.groupId, 'read');
  if (project.id !== query.projectId) throw badRequest(`Group ${group.description} is on a board of another project`);
  if (query.to <= query.from) throw badRequest('to must be after from');
  const tickets = await q.groupTickets(db, { wordBinId: group.word_bin_id, groupId: group.id, isDefault: group.is_default }, { posted: query });
  return tickets.map((t) => toTicket(t, group.id));
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export async function createGroup(db: Db, user: AuthUser, wordBinId: number, name: string): Promise<WorkflowGroup> {
  const { bin } = await wordBinFor(db, user, wordBinId, 'write');
  const workflow = await workflowOfBin(db, bin);
  const created = await db.transaction().execute(async (trx) => {
    // Locks the workflow row, so two 'Add New Group' at once cannot pass the checks together.
    await q.lockWorkflow(trx, workflow.id);
    const groups = await q.liveGroups(trx, workflow.id);
    if (groups.length >= WORKFLOW_GROUPS_MAX) throw badRequest(`A board holds at most ${WORKFLOW_GROUPS_MAX} groups: delete one before adding another`);
    if (groups.some((g) => sameName(g.description, name))) throw badRequest(`There is already a group named ${name} on this board`);
    const position = Math.max(-1, ...groups.map((g) => g.position)) + 1;
    return q.insertGroup(trx, { workflowId: workflow.id, description: name, isDefault: groups.length === 0, position });
  });
  return { ...groupAnswer(created), TicketCount: 0, Tickets: [] };
}

export async function renameGroup(db: Db, user: AuthUser, groupId: number, name: string) {
  const { group } = await groupFor(db, user, groupId, 'write');
  const others = (await q.liveGroups(db, group.workflow_id)).filter((g) => g.id !== group.id);
  if (others.some((g) => sameName(g.description, name))) throw badRequest(`There is already a group named ${name} on this board`);
  return groupAnswer(await q.renameGroup(db, group.id, name));
}

export async function deleteGroup(db: Db, user: AuthUser, groupId: number) {
  if (groupId === WORKFLOW_PLACEHOLDER_GROUP_ID) throw badRequest(`The placeholder group ${WORKFLOW_PLACEHOLDER_GROUP_ID} cannot be deleted`);
  const { group } = await groupFor(db, user, groupId, 'write');
  assertNotDefault(group);
  await db.transaction().execute((trx) => q.deleteGroup(trx, group.id));
  return { ok: true };
}

function assertNotDefault(group: GroupRow): void {
  if (group.is_default) throw badRequest(`${group.description} is the default group: set another group as default before deleting it`);
}

export async function setDefaultGroup(db: Db, user: AuthUser, workflowId: number, groupId: number) {
  const { workflow } = await workflowFor(db, user, workflowId, 'write');
  const { group } = await groupFor(db, user, groupId, 'write');
  if (group.workflow_id !== workflow.id) throw badRequest(`Group ${group.description} is on another board`);
  if (group.is_default) return { ok: true };
  await db.transaction().execute(async (trx) => {
    await q.lockWorkflow(trx, workflow.id);
    const current = (await q.liveGroups(trx, workflow.id)).find((g) => g.is_default);
    await q.setDefaultGroup(trx, workflow, current?.id ?? null, group.id);
  });
  return { ok: true };
}

export async function moveClip(db: Db, user: AuthUser, workflowClipId: number, groupId: number) {
  const missing = `Ticket ${workflowClipId} not found`;
  const ticket = await q.ticket(db, workflowClipId);
  if (!ticket) throw notFound(missing);
  await wordBinFor(db, user, ticket.word_bin_id, 'write', missing);
  const { group } = await groupFor(db, user, groupId, 'write');
  if (group.word_bin_id !== ticket.word_bin_id)
    throw badRequest(`Group ${group.description} is on another word bin's board: a ticket moves within its own board`);
  await q.moveTicket(db, ticket.id, group.id);
  return { ok: true };
}
