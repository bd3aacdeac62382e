// The public tutorial download: a Range request reads and answers only the bytes asked for, a
// whole file is read part by part as it is sent, and each address is held to DOWNLOAD_RATE_LIMIT
// calls a minute, Range requests included.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import type { App } from '../../types.ts';
import { READ_PART_BYTES } from './service.ts';

/** Counts the bytes of binary values that come out of the database. */
class BytesRead implements KyselyPlugin {
  total = 0;
  /** The most bytes one query answered. */
  largest = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows)
      for (const v of Object.values(row))
        if (v instanceof Uint8Array) {
          this.total += v.length;
          this.largest = Math.max(this.largest, v.length);
        }
    return args.result;
  }
}

const NAME = 'large-guide-0a1b2c3d.pdf';
/** A PDF a little over two and a half read parts long, every byte different from its neighbours. */
const FILE = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: Math.round(READ_PART_BYTES * 2.5) }, (_, i) => (i * 7 + (i >> 8)) & 255)),
]);
const url = `/mentor/api/download/${NAME}`;

describe('the public tutorial download', () => {
  let t: TestContext;
  let reads: BytesRead;
  let counted: App;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { DOWNLOAD_RATE_LIMIT: '4' } });
    await t.db.insertInto('mentor_files').values({ file_name: NAME, media_type: 'application/pdf', bytes: FILE, size: FILE.length }).execute();
    // The same database seen through a counter, in a server with room for many calls.
    reads = new BytesRead();
    counted = await buildApp({ db: t.db.withPlugin(reads), mailer: t.mailer, config: loadConfig({ WEB_DIST: '/nonexistent', DOWNLOAD_RATE_LIMIT: '1000' }) });
    await counted.ready();
  });
  afterAll(async () => {
    await counted.close();
    await t.close();
  });

  const get = async (range?: string) => {
    reads.total = 0;
    reads.largest = 0;
    const res = await counted.inject({ method: 'GET', url, headers: range ? { range } : {} });
    return { res, read: reads.total };
  };

  it('answers a Range request 206 with exactly those bytes, and reads no others', async () => {
    // Across the boundary of two read parts.
    const start = READ_PART_BYTES - 10;
    const { res, read } = await get(`bytes=${start}-${start + 19}`);
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${start + 19}/${FILE.length}`);
    expect(res.headers['content-length']).toBe('20');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(FILE.subarray(start, start + 20))).toBe(true);
    expect(read).toBe(20);

    const tail = await get('bytes=-5');
    expect(tail.res.statusCode).toBe(206);
    expect(tail.res.rawPayload.equals(FILE.subarray(FILE.length - 5))).toBe(true);
    expect(tail.read).toBe(5);

    const rest = await get(`bytes=${2 * READ_PART_BYTES}-`);
    expect(rest.res.rawPayload.equals(FILE.subarray(2 * READ_PART_BYTES))).toBe(true);
    expect(rest.read).toBe(FILE.length - 2 * READ_PART_BYTES);
  });

  it('answers the whole file without a range, read part by part', async () => {
    const { res, read } = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(FILE.length));
    expect(res.rawPayload.equals(FILE)).toBe(true);
    expect(read).toBe(FILE.length);
    expect(reads.largest).toBe(READ_PART_BYTES);
  });

  it('answers 429 past DOWNLOAD_RATE_LIMIT calls a minute from one address, Range requests included', async () => {
    const call = (remoteAddress: string, range?: string) => t.app.inject({ method: 'GET', url, remoteAddress, headers: range ? { range } : {} });
    const codes: number[] = [];
    for (const range of [undefined, 'bytes=0-3', 'bytes=4-7', undefined, 'bytes=8-11']) codes.push((await call('203.0.113.7', range)).statusCode);
    expect(codes).toEqual([200, 206, 206, 200, 429]);
    const refused = await call('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address has its own count.
    expect((await call('203.0.113.8', 'bytes=0-3')).statusCode).toBe(206);
  });
});
