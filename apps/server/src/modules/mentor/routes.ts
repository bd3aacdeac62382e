import {
  MENTOR_VIDEO_MAX_BYTES,
  completeTutorial,
  deleteTutorial,
  downloadMentorFile,
  getActiveTutorials,
  getAllTutorials,
  getMentorFiles,
  getPageTutorials,
  getPlatforms,
  getTutorial,
  getTutorialContacts,
  getTutorialDocuments,
  getTutorialSteps,
  getTutorialVideo,
  getTutorialVideos,
  insertRegistration,
  saveTutorial,
  updateTutorialStep,
  uploadMentorFile,
} from '@listening/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { NO_FILE, byteRange } from './files.ts';
import * as mentor from './service.ts';

/**
 * The policy a tutorial file is served with: the app's own pages may show it in a frame (the
 * document viewer), no other site may, and the file itself may load nothing. The browser's PDF
 * viewer is a plugin, hence object-src.
 */
const FILE_SECURITY_POLICY = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/** The one file of a multipart upload, whole, with the name it was sent under, or a 400 naming what is wrong. */
async function uploadedFile(req: FastifyRequest): Promise<{ name: string | undefined; bytes: Uint8Array }> {
  if (!req.isMultipart()) throw badRequest(`${NO_FILE} (sent as multipart/form-data)`);
  try {
    // The largest type's limit here; the service applies each type's own once it knows the type.
    const part = await req.file({ limits: { fileSize: MENTOR_VIDEO_MAX_BYTES, files: 1, fields: 4 } });
    if (!part) throw badRequest(NO_FILE);
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(`The file is larger than ${MENTOR_VIDEO_MAX_BYTES / 1024 / 1024} MB: choose a smaller one`);
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('The upload could not be read: send one file as multipart/form-data');
  }
}

/** The mentor (tutorial) area, on the mentor host: tutorials, progress, files, and their management by admins. */
export function mentorRoutes(route: Route, { db }: Deps): void {
  route(getPlatforms, () => mentor.platforms(db));
  route(getActiveTutorials, ({ query }) => mentor.activeTutorials(db, query.platformId));
  route(getPageTutorials, ({ query }) => mentor.pageTutorials(db, query.pathName));
  route(getTutorial, ({ user, query }) => mentor.tutorial(db, user, query.tutorialId));
  route(getTutorialSteps, ({ user, query }) => mentor.steps(db, user, query.tutorialId));
  route(getTutorialDocuments, ({ user, query }) => mentor.attachments(db, user, query.tutorialId, 'document'));
  route(getTutorialVideos, ({ user, query }) => mentor.attachments(db, user, query.tutorialId, 'video'));
  route(getTutorialVideo, ({ user, query }) => mentor.video(db, user, query.tutorialVideoId));

  route(getTutorialContacts, ({ user, query }) => mentor.registrations(db, user, query.contactId));
  route(insertRegistration, ({ user, query }) => mentor.register(db, user, query.tutorialId, query.contactId));
  route(updateTutorialStep, ({ user, query }) => mentor.moveToStep(db, user, query.tutorialContactId, query.stepNumber));
  route(completeTutorial, ({ user, query }) => mentor.complete(db, user, query.id));

  route(downloadMentorFile, async ({ params, req, reply }) => {
    const file = await mentor.openFile(db, params.fileName);
    reply
      .type(file.type)
      .header('Content-Disposition', `inline; filename="${params.fileName}"`)
      .header('Content-Security-Policy', FILE_SECURITY_POLICY)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Accept-Ranges', 'bytes');
    // A video player seeks by asking for a part, and only that part is read; a range it cannot be given is answered whole.
    const range = byteRange(req.headers.range, file.size);
    if (file.size === 0) return reply.header('Content-Length', 0).send(Buffer.alloc(0));
    if (!range) return reply.header('Content-Length', file.size).send(file.read(0, file.size - 1));
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(file.read(range.start, range.end));
  });

  route(getAllTutorials, () => mentor.allTutorials(db));
  route(saveTutorial, ({ user, body }) => mentor.saveTutorial(db, user, body));
  route(deleteTutorial, ({ user, query }) => mentor.deleteTutorial(db, user, query.tutorialId));
  route(getMentorFiles, () => mentor.files(db));
  route(uploadMentorFile, async ({ user, req }) => {
    const file = await uploadedFile(req);
    return mentor.uploadFile(db, user, file.name, file.bytes);
  });
}
