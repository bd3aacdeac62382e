import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, keyring, needsRotation, parseTokenKey, profileTokenContext, resolveTokenKeys, tokenKeyId } from './tokens.ts';

const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEX = '11'.repeat(32);
/** Made by the first format (v1: no key id, no associated data) under HEX; it must stay readable. */
const LEGACY = 'v1:H5yAi//F3UWp3n8p5uFVrUsgCpeDwcQ7WLDU6iZUqhvQ7OqX/ZSmBjk4261i';
const row = { id: 12, project_id: 3, stream_id: 8 };

describe('access tokens at rest', () => {
  const key = parseTokenKey(HEX);
  const ring = keyring(key);
  const here = profileTokenContext(row);

  it('round-trips a token under its row, with the key id in the value, never in the clear', () => {
    const enc = encryptToken('EAAB-secret', ring, here);
    expect(enc).not.toContain('EAAB');
    expect(enc.startsWith(`v2:${ring.current.id}:`)).toBe(true);
    expect(tokenKeyId(enc)).toBe(ring.current.id);
    expect(enc).not.toBe(encryptToken('EAAB-secret', ring, here)); // a fresh IV each time
    expect(decryptToken(enc, ring, here)).toBe('EAAB-secret');
  });

  it('refuses a value copied to another row, stream, project or column', () => {
    const enc = encryptToken('secret', ring, here);
    for (const other of [
      profileTokenContext({ ...row, id: 13 }),
      profileTokenContext({ ...row, stream_id: 9 }),
      profileTokenContext({ ...row, project_id: 4 }),
      profileTokenContext(row, 'token_secret_enc'),
    ])
      expect(() => decryptToken(enc, ring, other)).toThrow(/does not decrypt/);
  });

  it('refuses a wrong key or an edited value instead of returning garbage', () => {
    const enc = encryptToken('secret', ring, here);
    const otherKey = keyring(parseTokenKey(Buffer.alloc(32, 2).toString('base64')));
    expect(() => decryptToken(enc, otherKey, here)).toThrow(/not configured/);
    const [v, kid, body] = enc.split(':');
    const raw = Buffer.from(body, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptToken(`${v}:${kid}:${raw.toString('base64')}`, ring, here)).toThrow();
    expect(() => decryptToken('v9:whatever', ring, here)).toThrow(/unknown token format/);
  });

  it('reads values under an old key (TOKEN_KEYS_OLD) and says which values need rotating', () => {
    const old = keyring(parseTokenKey('22'.repeat(32)));
    const enc = encryptToken('from last year', old, here);
    const rotated = keyring(parseTokenKey('33'.repeat(32)), [old.current.key]);
    expect(decryptToken(enc, rotated, here)).toBe('from last year');
    expect(needsRotation(enc, rotated)).toBe(true);
    expect(needsRotation(encryptToken('new', rotated, here), rotated)).toBe(false);
    expect(() => decryptToken(enc, keyring(parseTokenKey('33'.repeat(32))), here)).toThrow(/TOKEN_KEYS_OLD/);
  });

  it('still reads the first format (v1), under the current or an old key, and marks it for rotation', () => {
    expect(tokenKeyId(LEGACY)).toBeNull();
    expect(decryptToken(LEGACY, ring, here)).toBe('EAAB-legacy-token');
    expect(decryptToken(LEGACY, keyring(parseTokenKey('44'.repeat(32)), [key]), here)).toBe('EAAB-legacy-token');
    expect(needsRotation(LEGACY, ring)).toBe(true);
    expect(() => decryptToken(LEGACY, keyring(parseTokenKey('44'.repeat(32))), here)).toThrow();
  });

  it('parses keys strictly: exactly 32 bytes as 64 hex or 44 base64 characters, else an error naming the setting', () => {
    expect(parseTokenKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(parseTokenKey(` ${HEX.toUpperCase()}\n`)).toEqual(key);
    const bad = [
      'abcd',
      HEX.slice(1), // 63 hex characters
      HEX + '11', // 33 bytes
      Buffer.alloc(31, 7).toString('base64'),
      Buffer.alloc(33, 7).toString('base64'),
      Buffer.alloc(32, 7).toString('base64').replace('=', ''), // no padding
      Buffer.alloc(32, 7).toString('base64').replace('B', '*'), // not base64
      Buffer.alloc(32, 250).toString('base64url') + '=', // url alphabet
      'correct horse battery staple correct horse!',
      '',
    ];
    for (const text of bad) {
      expect(() => parseTokenKey(text)).toThrow(/^TOKEN_KEY must be exactly 32 bytes/);
      try {
        parseTokenKey(text, 'TOKEN_KEYS_OLD (entry 2)');
      } catch (err) {
        expect((err as Error).message).toMatch(/^TOKEN_KEYS_OLD \(entry 2\) must be/);
        if (text.length > 4) expect((err as Error).message).not.toContain(text.trim()); // the value is never echoed
      }
    }
  });

  it('keeps a generated key in DATA_DIR in the embedded mode, the same after a restart', () => {
    const first = resolveTokenKeys({ embedded: true, dataDir: dir })!;
    const again = resolveTokenKeys({ embedded: true, dataDir: dir })!;
    expect(again.current).toEqual(first.current);
    expect(statSync(join(dir, 'token.key')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'token.key'), 'utf8').trim()).toHaveLength(64);
    expect(resolveTokenKeys({ embedded: false, dataDir: dir })).toBeNull();
  });

  it('takes TOKEN_KEY over the generated key, which stays readable, and TOKEN_KEYS_OLD as readable keys', () => {
    const generated = resolveTokenKeys({ embedded: true, dataDir: dir })!.current;
    const ring2 = resolveTokenKeys({ tokenKey: '55'.repeat(32), tokenKeysOld: ['66'.repeat(32)], embedded: true, dataDir: dir })!;
    expect(ring2.current.key).toEqual(Buffer.alloc(32, 0x55));
    expect(ring2.old.map((k) => k.id).sort()).toEqual([generated.id, keyring(Buffer.alloc(32, 0x66)).current.id].sort());
    const pg = resolveTokenKeys({ tokenKey: '55'.repeat(32), tokenKeysOld: ['66'.repeat(32)], embedded: false, dataDir: dir })!;
    expect(pg.old.map((k) => k.key)).toEqual([Buffer.alloc(32, 0x66)]);
  });

  it('refuses, naming the setting or file: a bad TOKEN_KEY or old key, old keys without TOKEN_KEY, a damaged key file', () => {
    expect(() => resolveTokenKeys({ tokenKey: 'short', embedded: false, dataDir: dir })).toThrow(/^TOKEN_KEY must be/);
    expect(() => resolveTokenKeys({ tokenKey: HEX, tokenKeysOld: [HEX, 'nope'], embedded: false, dataDir: dir })).toThrow(
      /^TOKEN_KEYS_OLD \(entry 2\) must be/,
    );
    expect(() => resolveTokenKeys({ tokenKeysOld: [HEX], embedded: false, dataDir: dir })).toThrow(/TOKEN_KEYS_OLD is set but TOKEN_KEY is not/);
    const damaged = mkdtempSync(join(tmpdir(), 'tokens-bad-'));
    writeFileSync(join(damaged, 'token.key'), 'not a key\n');
    expect(() => resolveTokenKeys({ embedded: true, dataDir: damaged })).toThrow(/token\.key must be exactly 32 bytes/);
    rmSync(damaged, { recursive: true, force: true });
  });
});
