// Stored report files (docs/reports.md, "Files, mail and limits"): a file is a report_files row
// and its bytes in report_file_chunks, pieces of FILE_CHUNK_BYTES. The renderer's stream is written
// piece by piece as it comes and read back the same way, so neither rendering, downloading nor
// mailing holds a whole file. A file is written once and never changed; a request points at its
// current one and mails refer to it (mail_attachments), so a report sent to many is stored once.
// A file nothing refers to any more is deleted: at once where the app lets go of it (regenerate,
// delete), else by the purge (modules/reports/purge.ts), which also catches files left half-written.
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** Bytes per stored piece: small enough to hold one at a time, large enough that a file is a few rows. */
export const FILE_CHUNK_BYTES = 256 * 1024;
/** A file nothing refers to is kept this long before the purge deletes it: it may still be being written. */
export const UNREFERENCED_FILE_GRACE_MS = 24 * 60 * 60_000;

/** Writes the stream into a new file, piece by piece; on failure, what was written is deleted. Returns its id and size. */
export async function writeFile(db: Db, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ id: string; size: number }> {
  const id = randomUUID();
  await db.insertInto('report_files').values({ id }).execute();
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const store = async (data: Buffer) => {
    await db.insertInto('report_file_chunks').values({ file_id: id, seq: seq++, data }).execute();
  };
  try {
    for await (const piece of body) {
      size += piece.length;
      pending.push(Buffer.from(piece));
      pendingBytes += piece.length;
      if (pendingBytes < FILE_CHUNK_BYTES) continue;
      const all = Buffer.concat(pending, pendingBytes);
      let at = 0;
      for (; all.length - at >= FILE_CHUNK_BYTES; at += FILE_CHUNK_BYTES) await store(all.subarray(at, at + FILE_CHUNK_BYTES));
      pending = [all.subarray(at)];
      pendingBytes = all.length - at;
    }
    if (pendingBytes > 0) await store(Buffer.concat(pending, pendingBytes));
    await db.updateTable('report_files').set({ size }).where('id', '=', id).execute();
    return { id, size };
  } catch (err) {
    await db
      .deleteFrom('report_files')
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
    throw err;
  }
}

/** The file's bytes, piece by piece, in order (one query per piece). */
export async function* readFile(db: Db, id: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const row = await db.selectFrom('report_file_chunks').select('data').where('file_id', '=', id).where('seq', '=', seq).executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}

/** The whole file in memory: only for what must hold it (the base64 answer, bounded by its size). */
export async function readWholeFile(db: Db, id: string): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of readFile(db, id)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** No request and no queued mail refers to the file. */
const unreferenced = ({ and, not, exists, selectFrom }: ExpressionBuilder<Database, 'report_files'>) =>
  and([
    not(
      exists(
        selectFrom('report_requests as q')
          .select(sql`1`.as('one'))
          .whereRef('q.file_id', '=', 'report_files.id'),
      ),
    ),
    not(
      exists(
        selectFrom('mail_attachments as a')
          .select(sql`1`.as('one'))
          .whereRef('a.file_id', '=', 'report_files.id'),
      ),
    ),
  ]);

/** Deletes the file (its pieces with it) unless a request or a mail still refers to it. */
export async function dropFileIfUnused(db: Db, id: string): Promise<void> {
  await db.deleteFrom('report_files').where('id', '=', id).where(unreferenced).execute();
}

/** Deletes every file nothing refers to that is older than the grace; returns how many. */
export async function purgeUnusedFiles(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .deleteFrom('report_files')
    .where('created_at', '<', new Date(now.getTime() - UNREFERENCED_FILE_GRACE_MS))
    .where(unreferenced)
    .returning('id')
    .execute();
  return rows.length;
}
