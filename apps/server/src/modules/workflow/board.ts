// The board of a workflow (same id) and its background image. The image is stored as bytes in the
// database, never under a name the uploader chose; its type is read from its first bytes (png,
// jpeg or webp only) whatever the file is called or claims to be, and it is served back with that
// type (and nosniff, as every answer), so an uploaded page or script can never run as one.
import { BOARD_BACKGROUND_MAX_BYTES, operationPath, getBoardBackground, type Board, type BoardBackgroundType } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { workflowFor } from './service.ts';

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes are, by their signature, or null when they are none of the allowed ones. */
export function sniffImageType(b: Uint8Array): BoardBackgroundType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const TOO_LARGE = `The image is larger than ${BOARD_BACKGROUND_MAX_BYTES / 1024 / 1024} MB: choose a smaller one`;
export const NOT_AN_IMAGE = 'The background must be a PNG, JPEG or WebP image';
export const NO_FILE = 'Choose an image file to upload as the background';

export async function getBoard(db: Db, user: AuthUser, workflowId: number): Promise<Board> {
  const { workflow, bin } = await workflowFor(db, user, workflowId, 'read');
  const [row, members] = await Promise.all([q.board(db, workflow.id), q.clientMembers(db, bin.client_id)]);
  const background = row?.background_type ? `${operationPath(getBoardBackground, { id: workflow.id })}?v=${row.updated_at.getTime()}` : null;
  return {
    Id: workflow.id,
    Description: workflow.description,
    Background: background,
    Members: members.map((m) => ({ Id: m.id, Name: `${m.name} ${m.surname}`.trim() })),
  };
}

/** Checks the caller may change the board before its file is read (another client's board answers 404 whatever the file). */
export async function assertBoardWritable(db: Db, user: AuthUser, workflowId: number): Promise<void> {
  await workflowFor(db, user, workflowId, 'write');
}

export async function saveBackground(db: Db, user: AuthUser, workflowId: number, bytes: Uint8Array): Promise<Board> {
  const { workflow } = await workflowFor(db, user, workflowId, 'write');
  if (bytes.length === 0) throw badRequest(NO_FILE);
  if (bytes.length > BOARD_BACKGROUND_MAX_BYTES) throw badRequest(TOO_LARGE);
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(NOT_AN_IMAGE);
  await q.saveBoardBackground(db, workflow.id, bytes, type);
  return getBoard(db, user, workflow.id);
}

export async function readBackground(db: Db, user: AuthUser, workflowId: number): Promise<{ bytes: Uint8Array; type: string }> {
  const { workflow } = await workflowFor(db, user, workflowId, 'read');
  const row = await q.boardBackground(db, workflow.id);
  if (!row?.background || !row.background_type) throw notFound('This board has no background image');
  return { bytes: row.background, type: row.background_type };
}
