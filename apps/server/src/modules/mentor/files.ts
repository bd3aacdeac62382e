// The mentor area's files (tutorial documents and videos). A file's type is read from its first
// bytes, whatever it is called or claims to be, and the server names the stored file: an uploader
// never chooses a name, a path or a type the browser will trust. Files are served back with that
// type (and nosniff, as every answer), so an uploaded page or script never runs as one.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MENTOR_DOCUMENT_MAX_BYTES, MENTOR_FILE_NAME_MAX, MENTOR_FILE_TYPES, MENTOR_VIDEO_MAX_BYTES, type MentorFileType } from '@listening/contract';

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file's type by its signature, or null when it is none the mentor area keeps. */
export function sniffMentorFile(b: Uint8Array): MentorFileType | null {
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf';
  // ISO base media (MP4): a box size, then 'ftyp' and a brand of the MP4 family.
  if (startsWith(b, ascii('ftyp'), 4) && ['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'].some((brand) => startsWith(b, ascii(brand), 8)))
    return 'video/mp4';
  // Matroska/WebM: the EBML header, with the 'webm' doc type near the start.
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(b.subarray(0, 64)).includes('webm')) return 'video/webm';
  return null;
}

export const EXTENSION: Record<MentorFileType, string> = { 'application/pdf': '.pdf', 'video/mp4': '.mp4', 'video/webm': '.webm' };
export const maxBytes = (type: MentorFileType) => (MENTOR_FILE_TYPES[type] === 'document' ? MENTOR_DOCUMENT_MAX_BYTES : MENTOR_VIDEO_MAX_BYTES);

export const NO_FILE = 'Choose a PDF document or an MP4 or WebM video to upload';
export const NOT_A_MENTOR_FILE = 'A tutorial file must be a PDF document or an MP4 or WebM video';
export const tooLarge = (type: MentorFileType) => `The ${MENTOR_FILE_TYPES[type]} is larger than ${maxBytes(type) / 1024 / 1024} MB: choose a smaller one`;

/**
 * The stored name of an upload: the uploader's name reduced to letters, digits and dashes, a
 * random part so two uploads never collide, and the extension of the type the bytes are.
 */
export function storedName(original: string | undefined, type: MentorFileType): string {
  const base = (original ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MENTOR_FILE_NAME_MAX - 20);
  return `${base || 'file'}-${randomBytes(4).toString('hex')}${EXTENSION[type]}`;
}

/**
 * A file as it is served: its type, its size, and a stream of its bytes from `start` to `end`
 * (inclusive), read as they are sent, so an answer never holds a whole video in memory.
 */
export interface ServedFile {
  type: string;
  size: number;
  read(start: number, end: number): Readable;
}

/** One satisfiable range of a `Range: bytes=a-b` header (also `a-` and `-n`), or null to answer the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!m || (!m[1] && !m[2]) || size === 0) return null;
  const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
  const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : null;
}

/**
 * The files shipped with the product (apps/server/assets/mentor/): the user guide and the workflow
 * video. They are served even where no tutorial was seeded (the demo seed also stores them), since
 * other screens link the guide, e.g. the Instagram page of the access-token return pages.
 */
const SHIPPED: Record<string, MentorFileType> = { 'listening-user-guide.pdf': 'application/pdf', 'workflow-board-tour.webm': 'video/webm' };
const SHIPPED_DIR = new URL('../../../assets/mentor/', import.meta.url);

export async function shippedFile(fileName: string): Promise<ServedFile | null> {
  const type = Object.hasOwn(SHIPPED, fileName) ? SHIPPED[fileName] : undefined;
  if (!type) return null;
  const path = fileURLToPath(new URL(fileName, SHIPPED_DIR));
  return { type, size: (await stat(path)).size, read: (start, end) => createReadStream(path, { start, end }) };
}
