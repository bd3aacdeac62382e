// Word bins (Reaction Lists and Crisis Lists): a user reads and changes only the word bins, groups
// and contacts of the clients they belong to (404 for others, never revealing they exist), only
// where the client owns Reaction Lists (403 naming the product, the side menu's own gate), and
// changes only while the client is not In-Active. Keywords are checked with the matcher's own
// parser, so a list that saves is a list that matches; a change refreshes the ingestion matcher.
import { WORD_BIN_MATCH_DAYS, languageCode, languageId, lockedProduct, quoteInput, type WordBinInput } from '@listening/contract';
import type * as C from '@listening/contract';
import type { z } from 'zod';
import { activeContactIdsOf } from '../../access/contacts.ts';
import { assertClientAccess, assertClientWritable, clientProductCodes, projectForUser } from '../../access/index.ts';
import { assertUnlocked } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import { wordBinExpressionProblem } from '../../ingest/word-bins.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type WordBin = z.input<typeof C.WordBin>;
type Input = z.output<typeof WordBinInput>;
type Row = q.WordBinRow;

/** Rows with their keywords and recipients, in the wire shape. */
async function toWire(db: Db, rows: Row[]): Promise<WordBin[]> {
  const ids = rows.map((r) => r.id);
  const since = new Date(Date.now() - WORD_BIN_MATCH_DAYS * 86_400_000);
  const [keywords, recipients, matches] = await Promise.all([q.keywordsOf(db, ids), q.recipientsOf(db, ids), q.matchCountsSince(db, ids, since)]);
  return rows.map((r) => ({
    Id: r.id,
    Description: r.description,
    IsActive: r.is_active,
    IsGeneric: r.is_generic,
    Keywords: keywords.filter((k) => k.word_bin_id === r.id).map((k) => ({ Value: k.value, OperatorId: k.operator_id })),
    LanguageId: languageId(r.language),
    NotificationInterval: r.notification_interval,
    ProjectId: r.project_id,
    ClientId: r.client_id,
    AccountId: r.account_id,
    Recipients: recipients
      .filter((x) => x.word_bin_id === r.id)
      .map((x) => ({
        ContactId: x.contact_id,
        Name: x.name,
        Surname: x.surname,
        Email: x.email,
        Cellphone: x.phone,
        WordBinRecipientTypeId: x.recipient_type_id,
      })),
    SentimentId: r.sentiment_id,
    StartDate: r.start_date.toISOString(),
    StopDate: r.stop_date.toISOString(),
    DateLastSent: r.date_last_sent ? r.date_last_sent.toISOString() : null,
    WordBinTypeId: r.word_bin_type_id,
    WordBinGroupId: r.word_bin_group_id,
    Matches7Days: matches.get(r.id) ?? 0,
  }));
}

/** Word bins of projects where Reaction Lists are unlocked for the client. */
async function unlockedOnly<T extends { client_id: number; project_type_id: number }>(db: Db, rows: T[]): Promise<T[]> {
  const codes = new Map<number, string[]>();
  for (const clientId of new Set(rows.map((r) => r.client_id))) codes.set(clientId, await clientProductCodes(db, clientId));
  return rows.filter((r) => lockedProduct('ReactionLists', r.project_type_id, codes.get(r.client_id)!) === null);
}

/** The word bin, if the user may see it (404 otherwise), with its project; 403 when locked. */
async function wordBinForUser(db: Db, user: AuthUser, id: number) {
  const bin = await q.wordBin(db, id);
  if (!bin) throw notFound(`Word bin ${id} not found`);
  const project = await projectForUser(db, user, bin.project_id).catch(() => {
    throw notFound(`Word bin ${id} not found`);
  });
  await assertUnlocked(db, project, 'ReactionLists');
  return { bin, project };
}

async function wordBinForChange(db: Db, user: AuthUser, id: number) {
  const found = await wordBinForUser(db, user, id);
  await assertClientWritable(db, user, found.bin.client_id);
  return found;
}

async function groupForUser(db: Db, user: AuthUser, id: number) {
  const group = await q.liveGroup(db, id);
  if (!group) throw notFound(`Group ${id} not found`);
  await assertClientAccess(db, user, group.client_id).catch(() => {
    throw notFound(`Group ${id} not found`);
  });
  return group;
}

export async function listWordBins(db: Db, user: AuthUser, query: z.output<typeof C.GetWordBinsQuery>): Promise<WordBin[]> {
  await assertClientAccess(db, user, query.clientId);
  if (query.projectId !== undefined) {
    const project = await projectForUser(db, user, query.projectId);
    if (project.client_id !== query.clientId) throw notFound(`Project ${query.projectId} not found`);
    await assertUnlocked(db, project, 'ReactionLists');
  }
  const rows = await q.wordBinsOf(db, { clientId: query.clientId, projectId: query.projectId, typeId: query.wordBinTypeId });
  return toWire(db, await unlockedOnly(db, rows));
}

export async function getWordBin(db: Db, user: AuthUser, id: number): Promise<WordBin> {
  const { bin } = await wordBinForUser(db, user, id);
  return (await toWire(db, [bin]))[0];
}

export async function getLogs(db: Db, user: AuthUser, id: number): Promise<z.input<typeof C.WordBinLog>[]> {
  await wordBinForUser(db, user, id);
  const rows = await q.logsOf(db, id);
  return rows.map((r) => ({
    Id: r.id,
    DateFrom: r.date_from.toISOString(),
    DateTo: r.date_to.toISOString(),
    DateSent: r.date_sent.toISOString(),
    ClipCount: r.clip_count,
  }));
}

/** The input checked against the client: its keywords read, its group and recipients are the client's own (400 otherwise). */
async function checked(db: Db, clientId: number, body: Input, accountId: number | null): Promise<q.NewWordBin> {
  const keywords = body.Keywords.filter((k) => k.Value.trim() !== '').map((k) => ({ value: k.Value.trim(), operatorId: k.OperatorId }));
  const problem = wordBinExpressionProblem(keywords);
  if (problem) throw badRequest(problem);
  const groupId = body.WordBinGroupId ?? null;
  if (groupId !== null) {
    const group = await q.liveGroup(db, groupId);
    if (!group || group.client_id !== clientId) throw badRequest(`Group ${groupId} is not a group of this client`);
  }
  const contactIds = body.Recipients.map((r) => r.ContactId);
  const ours = await activeContactIdsOf(db, clientId, contactIds);
  const foreign = contactIds.filter((id) => !ours.has(id));
  if (foreign.length) throw badRequest(`Contact ${foreign.join(', ')} is not an active contact of this client: choose recipients from the client's contacts`);
  return {
    clientId,
    projectId: body.ProjectId,
    accountId,
    description: body.Description,
    typeId: body.WordBinTypeId,
    interval: body.NotificationInterval,
    sentimentId: body.SentimentId,
    language: languageCode(body.LanguageId),
    start: body.StartDate,
    stop: body.StopDate,
    isActive: body.IsActive,
    isGeneric: body.IsGeneric,
    groupId,
    keywords,
    recipients: body.Recipients.map((r) => ({ contactId: r.ContactId, typeId: r.WordBinRecipientTypeId })),
  };
}

export async function saveWordBin(db: Db, user: AuthUser, body: Input): Promise<WordBin> {
  const project = await projectForUser(db, user, body.ProjectId);
  if (body.ClientId !== undefined && body.ClientId !== project.client_id) throw badRequest(`Project ${project.id} is not a project of client ${body.ClientId}`);
  await assertUnlocked(db, project, 'ReactionLists');
  await assertClientWritable(db, user, project.client_id);
  const id = await q.insertWordBin(db, await checked(db, project.client_id, body, user.id));
  invalidateRules(db);
  return getWordBin(db, user, id);
}

export async function updateWordBin(db: Db, user: AuthUser, body: Input): Promise<WordBin> {
  if (body.Id === undefined) throw badRequest('Id is required to update a word bin');
  const { bin } = await wordBinForChange(db, user, body.Id);
  if (body.ProjectId !== bin.project_id) throw badRequest('A word bin stays in its project: ProjectId cannot change');
  await q.replaceWordBin(db, bin.id, await checked(db, bin.client_id, body, bin.account_id));
  invalidateRules(db);
  return getWordBin(db, user, bin.id);
}

export async function deleteWordBin(db: Db, user: AuthUser, id: number): Promise<z.input<typeof C.WordBinResult>> {
  await wordBinForChange(db, user, id);
  // Its keywords, recipients, matches and logs go with it (ON DELETE CASCADE).
  await q.deleteWordBin(db, id);
  invalidateRules(db);
  return { Success: true, Message: 'Worbin deleted' };
}

// ---- groups -------------------------------------------------------------------------------

const groupWire = (g: { id: number; description: string; is_deleted: boolean }) => ({ Id: g.id, Description: g.description, IsDeleted: g.is_deleted });

export async function listGroups(db: Db, user: AuthUser, clientId: number) {
  await assertClientAccess(db, user, clientId);
  return (await q.groupsOf(db, clientId)).map(groupWire);
}

export async function createGroup(db: Db, user: AuthUser, clientId: number, name: string) {
  await assertClientAccess(db, user, clientId);
  await assertClientWritable(db, user, clientId);
  const taken = (await q.groupsOf(db, clientId)).some((g) => g.description.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (taken) throw badRequest(`A group named ${quoteInput(name)} already exists`);
  const row = await q.insertGroup(db, clientId, name);
  return groupWire(row);
}

export async function deleteGroup(db: Db, user: AuthUser, id: number): Promise<z.input<typeof C.WordBinResult>> {
  const group = await groupForUser(db, user, id);
  await assertClientWritable(db, user, group.client_id);
  await db.transaction().execute((trx) => q.deleteGroup(trx, id));
  return { Success: true, Message: 'Group deleted' };
}

export async function addToGroup(db: Db, user: AuthUser, wordBinId: number, groupId: number): Promise<WordBin> {
  const { bin } = await wordBinForChange(db, user, wordBinId);
  const group = await groupForUser(db, user, groupId);
  if (group.client_id !== bin.client_id) throw badRequest(`Group ${groupId} is not a group of this word bin's client`);
  await q.setGroup(db, wordBinId, groupId);
  return getWordBin(db, user, wordBinId);
}

export async function groupWordBins(db: Db, user: AuthUser, groupId: number): Promise<WordBin[]> {
  const group = await groupForUser(db, user, groupId);
  const rows = await q.wordBinsOf(db, { clientId: group.client_id, groupId });
  return toWire(db, await unlockedOnly(db, rows));
}

export async function listContacts(db: Db, user: AuthUser, clientId: number): Promise<z.input<typeof C.WordBinContact>[]> {
  await assertClientAccess(db, user, clientId);
  return (await q.contactsOf(db, clientId)).map((c) => ({ Id: c.id, Name: c.name, Surname: c.surname, Email: c.email, Phone: c.phone }));
}
