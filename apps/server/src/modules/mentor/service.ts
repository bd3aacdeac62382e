// The rules of the mentor area (docs/mentor.md). Tutorials are the provider's help, the same for
// every client: any signed-in user reads the active ones, admins also the inactive drafts, and only
// admins change them. A registration is one contact's progress: only that contact reads or moves it
// (an admin may read anyone's list); anyone else's answers 404, as another client's rows do.
import {
  MENTOR_FILE_TYPES,
  downloadMentorFile,
  matchesPageLocation,
  operationPath,
  type MentorFile,
  type MentorFileType,
  type Platform,
  type SaveTutorialBody,
  type Tutorial,
  type TutorialAttachment,
  type TutorialContact,
  type TutorialDetail,
  type TutorialStep,
} from '@listening/contract';
import { Readable } from 'node:stream';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { NO_FILE, NOT_A_MENTOR_FILE, maxBytes, shippedFile, sniffMentorFile, storedName, tooLarge, type ServedFile } from './files.ts';
import * as q from './queries.ts';

const TUTORIAL_NOT_FOUND = 'Tutorial not found';
const REGISTRATION_NOT_FOUND = 'Tutorial registration not found';

const fileUrl = (fileName: string) => operationPath(downloadMentorFile, { fileName });

type TutorialRow = Awaited<ReturnType<typeof q.tutorials>>[number];
const toTutorial = (t: TutorialRow): Tutorial => ({
  Id: t.id,
  PlatformId: t.platform_id,
  PlatformName: t.platform_name,
  Title: t.title,
  Description: t.description,
  PageLocation: t.page_location,
  IsActive: t.is_active,
  StepCount: Number(t.step_count ?? 0),
});

type AttachmentRow = Awaited<ReturnType<typeof q.attachments>>[number];
const toAttachment = (a: AttachmentRow): TutorialAttachment => ({
  Id: a.id,
  TutorialId: a.tutorial_id,
  Title: a.title,
  FileName: a.file_name,
  MediaType: a.media_type,
  Url: fileUrl(a.file_name),
});

type RegistrationRow = Awaited<ReturnType<typeof q.registrations>>[number];
const toRegistration = (r: RegistrationRow): TutorialContact => ({
  Id: r.id,
  TutorialId: r.tutorial_id,
  TutorialTitle: r.tutorial_title,
  ContactId: r.user_id,
  StepNumber: r.step_number,
  StepCount: Number(r.step_count ?? 0),
  IsCompleted: r.completed_at !== null,
  DateRegistered: r.registered_at.toISOString(),
  DateCompleted: r.completed_at?.toISOString() ?? null,
});

export async function platforms(db: Db): Promise<Platform[]> {
  return (await q.platforms(db)).map((p) => ({ Id: p.id, Name: p.name }));
}

export async function activeTutorials(db: Db, platformId?: number): Promise<Tutorial[]> {
  return (await q.tutorials(db, { active: true, platformId })).map(toTutorial);
}

export async function allTutorials(db: Db): Promise<Tutorial[]> {
  return (await q.tutorials(db)).map(toTutorial);
}

/** The active tutorials whose page location covers the path (the header's "Help for this screen"). */
export async function pageTutorials(db: Db, pathName: string): Promise<Tutorial[]> {
  const rows = await q.tutorials(db, { active: true });
  return rows.filter((t) => t.page_location && matchesPageLocation(t.page_location, pathName)).map(toTutorial);
}

/** A tutorial the user may read: an active one, or any for an admin; otherwise 404. */
async function readable(db: Db, user: AuthUser, tutorialId: number): Promise<TutorialRow> {
  const [row] = await q.tutorials(db, { id: tutorialId });
  if (!row || (!row.is_active && !user.isAdmin)) throw notFound(TUTORIAL_NOT_FOUND);
  return row;
}

export async function steps(db: Db, user: AuthUser, tutorialId: number): Promise<TutorialStep[]> {
  await readable(db, user, tutorialId);
  return (await q.steps(db, tutorialId)).map((s) => ({ Id: s.id, TutorialId: s.tutorial_id, StepNumber: s.step_number, Title: s.title, Body: s.body }));
}

export async function attachments(db: Db, user: AuthUser, tutorialId: number, kind: 'document' | 'video'): Promise<TutorialAttachment[]> {
  await readable(db, user, tutorialId);
  return (await q.attachments(db, tutorialId, kind)).map(toAttachment);
}

export async function video(db: Db, user: AuthUser, videoId: number): Promise<TutorialAttachment> {
  const row = await q.attachment(db, videoId, 'video');
  if (!row) throw notFound('Tutorial video not found');
  await readable(db, user, row.tutorial_id);
  return toAttachment(row);
}

export async function tutorial(db: Db, user: AuthUser, tutorialId: number): Promise<TutorialDetail> {
  const row = await readable(db, user, tutorialId);
  const stepRows = await steps(db, user, tutorialId);
  const documents = await q.attachments(db, tutorialId, 'document');
  const videos = await q.attachments(db, tutorialId, 'video');
  return { ...toTutorial(row), Steps: stepRows, Documents: documents.map(toAttachment), Videos: videos.map(toAttachment) };
}

// ---- registrations -------------------------------------------------------------------------

/** The contact named must be the caller (an admin may read anyone's list, never move their progress). */
function assertSelf(user: AuthUser, contactId: number, reading: boolean): void {
  if (contactId !== user.id && !(reading && user.isAdmin)) throw notFound('Contact not found');
}

export async function registrations(db: Db, user: AuthUser, contactId: number): Promise<TutorialContact[]> {
  assertSelf(user, contactId, true);
  const rows = await q.registrations(db, { userId: contactId });
  // A tutorial made inactive hides its registrations from its contacts, as it hides itself.
  return rows.filter((r) => r.is_active || user.isAdmin).map(toRegistration);
}

export async function register(db: Db, user: AuthUser, tutorialId: number, contactId: number): Promise<TutorialContact> {
  assertSelf(user, contactId, false);
  const t = await readable(db, user, tutorialId);
  if (Number(t.step_count ?? 0) === 0) throw badRequest('This tutorial has no steps yet');
  await q.insertRegistration(db, tutorialId, user.id);
  const [row] = await q.registrations(db, { userId: user.id, tutorialId });
  return toRegistration(row);
}

/** The caller's own registration of a readable tutorial, or 404. */
async function own(db: Db, user: AuthUser, id: number): Promise<RegistrationRow> {
  const [row] = await q.registrations(db, { id });
  if (!row || row.user_id !== user.id || (!row.is_active && !user.isAdmin)) throw notFound(REGISTRATION_NOT_FOUND);
  return row;
}

export async function moveToStep(db: Db, user: AuthUser, id: number, stepNumber: number): Promise<TutorialContact> {
  const row = await own(db, user, id);
  const count = Number(row.step_count ?? 0);
  if (stepNumber > count) throw badRequest(`stepNumber must be between 1 and ${count} (the tutorial's steps), got ${stepNumber}`);
  await q.setStep(db, id, stepNumber);
  return toRegistration((await q.registrations(db, { id }))[0]);
}

export async function complete(db: Db, user: AuthUser, id: number): Promise<TutorialContact> {
  const row = await own(db, user, id);
  await q.complete(db, id, Math.max(1, Number(row.step_count ?? 0)));
  return toRegistration((await q.registrations(db, { id }))[0]);
}

// ---- admin: tutorials and files ----------------------------------------------------------------

export async function saveTutorial(db: Db, user: AuthUser, body: SaveTutorialBody): Promise<TutorialDetail> {
  const named = [...body.Documents, ...body.Videos].map((a) => a.FileName);
  const id = await db.transaction().execute(async (tx) => {
    if (!(await q.platformExists(tx, body.PlatformId))) throw badRequest(`PlatformId ${body.PlatformId} is not a platform`);
    const known = new Map((await q.filesNamed(tx, named)).map((f) => [f.file_name, f.media_type as MentorFileType]));
    for (const [list, kind] of [
      [body.Documents, 'document'],
      [body.Videos, 'video'],
    ] as const)
      for (const a of list) {
        const type = known.get(a.FileName);
        if (!type) throw badRequest(`There is no file named '${a.FileName}': upload it first`);
        if (MENTOR_FILE_TYPES[type] !== kind) throw badRequest(`'${a.FileName}' is not a ${kind}`);
      }
    const values = {
      platform_id: body.PlatformId,
      title: body.Title,
      description: body.Description,
      page_location: body.PageLocation,
      is_active: body.IsActive,
      updated_at: new Date(),
    };
    let tutorialId: number;
    if (body.Id === null) tutorialId = await q.insertTutorial(tx, values);
    else {
      const updated = await q.updateTutorial(tx, body.Id, values);
      if (!updated) throw notFound(TUTORIAL_NOT_FOUND);
      tutorialId = updated.id;
    }
    await q.replaceContent(tx, tutorialId, {
      steps: body.Steps.map((s) => ({ title: s.Title, body: s.Body })),
      attachments: [
        ...body.Documents.map((a) => ({ kind: 'document' as const, title: a.Title, file_name: a.FileName })),
        ...body.Videos.map((a) => ({ kind: 'video' as const, title: a.Title, file_name: a.FileName })),
      ],
    });
    await audit(tx, {
      actor: user,
      action: 'tutorial.save',
      target: `tutorial:${tutorialId}`,
      detail: { title: body.Title, created: body.Id === null, steps: body.Steps.length },
    });
    return tutorialId;
  });
  return tutorial(db, user, id);
}

export async function deleteTutorial(db: Db, user: AuthUser, tutorialId: number): Promise<{ ok: boolean }> {
  await db.transaction().execute(async (tx) => {
    const gone = await q.deleteTutorial(tx, tutorialId);
    if (!gone) throw notFound(TUTORIAL_NOT_FOUND);
    await audit(tx, { actor: user, action: 'tutorial.delete', target: `tutorial:${tutorialId}`, detail: { title: gone.title } });
  });
  return { ok: true };
}

const toFile = (f: { file_name: string; media_type: string; size: number; created_at: Date }): MentorFile => ({
  FileName: f.file_name,
  MediaType: f.media_type,
  Kind: MENTOR_FILE_TYPES[f.media_type as MentorFileType] ?? 'document',
  Size: f.size,
  DateCreated: f.created_at.toISOString(),
  Url: fileUrl(f.file_name),
});

export async function files(db: Db): Promise<MentorFile[]> {
  return (await q.files(db)).map(toFile);
}

export async function uploadFile(db: Db, user: AuthUser, original: string | undefined, bytes: Uint8Array): Promise<MentorFile> {
  if (bytes.length === 0) throw badRequest(NO_FILE);
  const type = sniffMentorFile(bytes);
  if (!type) throw badRequest(NOT_A_MENTOR_FILE);
  if (bytes.length > maxBytes(type)) throw badRequest(tooLarge(type));
  const row = await q.insertFile(db, { file_name: storedName(original, type), media_type: type, bytes });
  await audit(db, { actor: user, action: 'mentor_file.upload', target: `mentor_file:${row.file_name}`, detail: { type, size: row.size } });
  return toFile(row);
}

/** A stored file is read from the database this many bytes at a time, each part as it is sent. */
export const READ_PART_BYTES = 1024 * 1024;

/** A tutorial file to serve, stored or shipped with the product; its bytes are read only as far as asked for. */
export async function openFile(db: Db, fileName: string): Promise<ServedFile> {
  const row = await q.fileInfo(db, fileName);
  if (row) return { type: row.media_type, size: row.size, read: (start, end) => Readable.from(parts(db, fileName, start, end)) };
  const shipped = await shippedFile(fileName);
  if (!shipped) throw notFound(`There is no tutorial file named '${fileName}'`);
  return shipped;
}

async function* parts(db: Db, fileName: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  for (let at = start; at <= end; at += READ_PART_BYTES) {
    const part = await q.filePart(db, fileName, at, Math.min(READ_PART_BYTES, end + 1 - at));
    // Deleted while it was being sent: the answer stops short rather than pretend to be whole.
    if (!part) throw new Error(`tutorial file ${fileName} is gone`);
    yield part;
  }
}
