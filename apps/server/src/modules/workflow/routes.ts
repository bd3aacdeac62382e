import {
  BOARD_BACKGROUND_MAX_BYTES,
  createWorkflowGroup,
  deleteWorkflowGroup,
  getBoard,
  getBoardBackground,
  getWordBinWorkflow,
  listWorkflowClips,
  listWorkflowGroups,
  moveWorkflowClip,
  renameWorkflowGroup,
  setDefaultWorkflowGroup,
  uploadBoardBackground,
} from '@listening/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as board from './board.ts';
import * as workflow from './service.ts';

/** The one file of a multipart upload, whole, or a 400 naming what is wrong with the upload. */
async function uploadedFile(req: FastifyRequest): Promise<Uint8Array> {
  if (!req.isMultipart()) throw badRequest(`${board.NO_FILE} (sent as multipart/form-data)`);
  try {
    const part = await req.file({ limits: { fileSize: BOARD_BACKGROUND_MAX_BYTES, files: 1, fields: 4 } });
    if (!part) throw badRequest(board.NO_FILE);
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(board.TOO_LARGE);
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('The upload could not be read: send one image file as multipart/form-data');
  }
}

/** The workflow board of a word bin (Reaction Lists › a list › View Workflow): groups, tickets and the background. */
export function workflowRoutes(route: Route, { db }: Deps): void {
  route(getWordBinWorkflow, ({ user, query }) => workflow.getWordBinWorkflow(db, user, query.wordBinId));
  route(listWorkflowGroups, ({ user, query }) => workflow.listGroups(db, user, query.workflowId));
  route(listWorkflowClips, ({ user, query }) => workflow.listClips(db, user, query));
  route(createWorkflowGroup, ({ user, query }) => workflow.createGroup(db, user, query.wordBinId, query.name));
  route(renameWorkflowGroup, ({ user, query }) => workflow.renameGroup(db, user, query.workflowGroupId, query.name));
  route(deleteWorkflowGroup, ({ user, query }) => workflow.deleteGroup(db, user, query.workFlowId));
  route(setDefaultWorkflowGroup, ({ user, query }) => workflow.setDefaultGroup(db, user, query.workflowId, query.workflowGroupId));
  route(moveWorkflowClip, ({ user, query }) => workflow.moveClip(db, user, query.workflowClipId, query.groupId));

  route(getBoard, ({ user, params }) => board.getBoard(db, user, params.id));
  route(getBoardBackground, async ({ user, params, reply }) => {
    const image = await board.readBackground(db, user, params.id);
    return reply.type(image.type).send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
  route(uploadBoardBackground, async ({ user, params, req }) => {
    // Access first: another client's board answers 404 before its file is read.
    await board.assertBoardWritable(db, user, params.id);
    return board.saveBackground(db, user, params.id, await uploadedFile(req));
  });
}
