// `npm run tokens:rotate`: every stored token re-encrypted under the current key, bound to its row;
// values of the first format rewritten; unreadable values reported and left alone; resumable
// after an interruption and a no-op when run again.
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { seedProject } from '../ingest/testing.ts';
import { migratedTestDb } from '../test/harness.ts';
import { rotateTokens } from './profile-tokens.ts';
import { decryptToken, encryptToken, keyring, profileTokenContext, tokenKeyId, type TokenColumn } from './tokens.ts';

const K1 = Buffer.alloc(32, 1);
const K2 = Buffer.alloc(32, 2);
const K3 = Buffer.alloc(32, 3);
const ring = keyring(K3, [K1, K2]);
const onlyCurrent = keyring(K3);

/** The first format, as it was written before key ids and row binding. */
function legacy(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return 'v1:' + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

let h: DbHandle;
const ids: Record<'legacy' | 'old' | 'current' | 'secret' | 'copied' | 'more', number> = { legacy: 0, old: 0, current: 0, secret: 0, copied: 0, more: 0 };
type Row = { id: number; project_id: number; stream_id: number; access_token_enc: string | null; token_secret_enc: string | null };
const rows = async (): Promise<Row[]> =>
  h.db.selectFrom('profiles').select(['id', 'project_id', 'stream_id', 'access_token_enc', 'token_secret_enc']).orderBy('id').execute();
const plain = (r: Row, column: TokenColumn = 'access_token_enc') => decryptToken(r[column]!, onlyCurrent, profileTokenContext(r, column));

beforeAll(async () => {
  h = await migratedTestDb();
  const p = await seedProject(h.db, { name: 'Brand SA' });
  const q = await seedProject(h.db, { name: 'Agency' });
  for (const [name, project] of [
    ['legacy', p],
    ['old', p],
    ['current', q],
    ['secret', q],
    ['copied', q],
    ['more', p],
  ] as const)
    ids[name] = (
      await h.db
        .insertInto('profiles')
        .values({ project_id: project.projectId, stream_id: 8, external_id: name, name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const all = await rows();
  const row = (name: keyof typeof ids) => all.find((r) => r.id === ids[name])!;
  const set = (name: keyof typeof ids, values: Partial<Pick<Row, 'access_token_enc' | 'token_secret_enc'>>) =>
    h.db.updateTable('profiles').set(values).where('id', '=', ids[name]).execute();
  const oldRing = keyring(K2);
  await set('legacy', { access_token_enc: legacy('tok-legacy', K1) });
  await set('old', { access_token_enc: encryptToken('tok-old', oldRing, profileTokenContext(row('old'))) });
  await set('current', { access_token_enc: encryptToken('tok-current', onlyCurrent, profileTokenContext(row('current'))) });
  await set('secret', {
    access_token_enc: encryptToken('tok-secret-access', oldRing, profileTokenContext(row('secret'))),
    token_secret_enc: encryptToken('tok-secret-secret', oldRing, profileTokenContext(row('secret'), 'token_secret_enc')),
  });
  // Another row's value, copied: it belongs to 'old', not here, and must not be "repaired".
  await set('copied', { access_token_enc: encryptToken('tok-stolen', oldRing, profileTokenContext(row('old'))) });
  await set('more', { access_token_enc: legacy('tok-more', K2) });
});
afterAll(() => h?.close());

describe('tokens:rotate', () => {
  it('stops when asked, after the row in hand; what it did stays done and the rest stays readable', async () => {
    const stop = new AbortController();
    const first = await rotateTokens(h.db, ring, { batchSize: 2, signal: stop.signal, onProgress: () => stop.abort() });
    expect(first).toMatchObject({ stopped: true, rewritten: 2, current: 0, failed: [] });
    const now = await rows();
    // The first batch (legacy, old) is done; 'current' was under the current key from the start.
    expect(now.filter((r) => r.access_token_enc && tokenKeyId(r.access_token_enc) === ring.current.id).map((r) => r.id)).toEqual([
      ids.legacy,
      ids.old,
      ids.current,
    ]);
    expect(now.find((r) => r.id === ids.more)!.access_token_enc).toMatch(/^v1:/);
  });

  it('re-encrypts every remaining token under the current key, bound to its row, and reports what it cannot read', async () => {
    const before = await rows();
    const report = await rotateTokens(h.db, ring);
    expect(report).toMatchObject({ stopped: false, rewritten: 3, current: 3 }); // secret's two values and 'more'; legacy, old, current already done
    expect(report.failed).toEqual([{ profileId: ids.copied, column: 'access_token_enc', reason: expect.stringMatching(/does not decrypt/) }]);
    const after = await rows();
    const get = (name: keyof typeof ids) => after.find((r) => r.id === ids[name])!;
    // Readable with the current key alone, under their own rows.
    expect(plain(get('legacy'))).toBe('tok-legacy');
    expect(plain(get('old'))).toBe('tok-old');
    expect(plain(get('current'))).toBe('tok-current');
    expect(plain(get('secret'))).toBe('tok-secret-access');
    expect(plain(get('secret'), 'token_secret_enc')).toBe('tok-secret-secret');
    expect(plain(get('more'))).toBe('tok-more');
    // Already current: not rewritten. Unreadable: left exactly as it was.
    expect(get('current').access_token_enc).toBe(before.find((r) => r.id === ids.current)!.access_token_enc);
    expect(get('copied').access_token_enc).toBe(before.find((r) => r.id === ids.copied)!.access_token_enc);
  });

  it('changes nothing when run again', async () => {
    const before = await rows();
    const again = await rotateTokens(h.db, ring);
    expect(again).toMatchObject({ stopped: false, rewritten: 0, current: 6 });
    expect(again.failed.map((f) => f.profileId)).toEqual([ids.copied]);
    expect(await rows()).toEqual(before);
  });
});
