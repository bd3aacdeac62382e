// Report files in the database, in chunks: written from a stream without holding the file, read
// back as a stream, whole and in order; a file is dropped only once nothing refers to it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { migratedTestDb } from '../test/harness.ts';
import { dropFileIfUnused, FILE_CHUNK_BYTES, readFile, writeFile } from './files.ts';

describe('report file storage', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
  });
  afterAll(() => h.close());

  async function* pieces(data: Buffer, size: number) {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
  }
  const whole = async (id: string) => {
    const out: Buffer[] = [];
    for await (const c of readFile(h.db, id)) out.push(Buffer.from(c));
    return Buffer.concat(out);
  };

  it('writes a stream in chunks of at most the chunk size, whatever pieces it comes in, and reads it back whole', async () => {
    const data = randomBytes(FILE_CHUNK_BYTES * 2 + 1234);
    for (const piece of [1000, FILE_CHUNK_BYTES * 3, 77_777]) {
      const file = await writeFile(h.db, pieces(data, piece));
      expect(file.size).toBe(data.length);
      const chunks = await h.db.selectFrom('report_file_chunks').select(['seq', 'data']).where('file_id', '=', file.id).orderBy('seq').execute();
      expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2]);
      expect(chunks.map((c) => c.data.length)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 1234]);
      expect((await whole(file.id)).equals(data)).toBe(true);
    }
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const before = await h.db.selectFrom('report_files').select('id').execute();
    async function* failing() {
      yield randomBytes(FILE_CHUNK_BYTES + 10);
      throw new Error('renderer failed');
    }
    await expect(writeFile(h.db, failing())).rejects.toThrow('renderer failed');
    expect(await h.db.selectFrom('report_files').select('id').execute()).toEqual(before);
  });

  it('drops a file only once no request or mail refers to it', async () => {
    const file = await writeFile(h.db, pieces(Buffer.from('%PDF-1.7'), 4));
    const { id: outboxId } = await h.db
      .insertInto('mail_outbox')
      .values({ to: 'a@b.example', subject: 's', text: 't' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('mail_attachments')
      .values({ outbox_id: outboxId, position: 0, file_id: file.id, file_name: 'r.pdf', content_type: 'application/pdf' })
      .execute();
    await dropFileIfUnused(h.db, file.id);
    expect((await whole(file.id)).toString()).toBe('%PDF-1.7');
    await h.db.deleteFrom('mail_outbox').where('id', '=', outboxId).execute();
    await dropFileIfUnused(h.db, file.id);
    expect(await h.db.selectFrom('report_files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    expect(await h.db.selectFrom('report_file_chunks').select('seq').where('file_id', '=', file.id).execute()).toEqual([]);
  });
});
