import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, parseTokenKey, resolveTokenKey } from './tokens.ts';

const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('access tokens at rest', () => {
  const key = parseTokenKey('11'.repeat(32));

  it('round-trips a token and never stores it in the clear', () => {
    const enc = encryptToken('EAAB-secret', key);
    expect(enc).not.toContain('EAAB');
    expect(enc).not.toBe(encryptToken('EAAB-secret', key)); // a fresh IV each time
    expect(decryptToken(enc, key)).toBe('EAAB-secret');
  });

  it('refuses a wrong key or an edited value instead of returning garbage', () => {
    const enc = encryptToken('secret', key);
    expect(() => decryptToken(enc, parseTokenKey(Buffer.alloc(32, 2).toString('base64')))).toThrow();
    const raw = Buffer.from(enc.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptToken('v1:' + raw.toString('base64'), key)).toThrow();
  });

  it('reads TOKEN_KEY as hex or base64 and refuses other lengths', () => {
    expect(parseTokenKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(() => parseTokenKey('abcd')).toThrow(/32 bytes/);
  });

  it('keeps a generated key in DATA_DIR in the embedded mode, the same after a restart', () => {
    const first = resolveTokenKey({ embedded: true, dataDir: dir })!;
    const again = resolveTokenKey({ embedded: true, dataDir: dir })!;
    expect(again).toEqual(first);
    expect(statSync(join(dir, 'token.key')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'token.key'), 'utf8').trim()).toHaveLength(64);
    expect(resolveTokenKey({ embedded: false, dataDir: dir })).toBeNull();
  });
});
