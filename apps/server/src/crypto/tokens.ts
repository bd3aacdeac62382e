// Access tokens at rest (profiles.access_token_enc): AES-256-GCM under the server's key, stored
// as "v1:" + base64(iv | tag | ciphertext). The key comes from TOKEN_KEY (32 bytes, hex or
// base64); the embedded mode without one generates a key once and keeps it in DATA_DIR, so
// tokens stay readable across restarts. GCM's tag makes a wrong key or an edited value fail
// loudly instead of decrypting to garbage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'v1:';
const IV = 12;
const TAG = 16;
export const TOKEN_KEY_FILE = 'token.key';

/** A 32-byte key from hex (64 characters) or base64 (44); anything else is refused. */
export function parseTokenKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('TOKEN_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/**
 * The key tokens are encrypted with: TOKEN_KEY when set; else, in the embedded mode, the key in
 * DATA_DIR/token.key (created on first use, readable by the owner only); else null (PostgreSQL
 * without TOKEN_KEY: stored tokens cannot be read, and the caller says so).
 */
export function resolveTokenKey(opts: { tokenKey?: string | null; embedded: boolean; dataDir: string }): Buffer | null {
  if (opts.tokenKey) return parseTokenKey(opts.tokenKey);
  if (!opts.embedded || opts.dataDir === ':memory:') return null;
  const file = join(opts.dataDir, TOKEN_KEY_FILE);
  if (existsSync(file)) return parseTokenKey(readFileSync(file, 'utf8'));
  mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once must not overwrite each other's key.
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function encryptToken(plain: string, key: Buffer): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the value was not made by encryptToken under this key (wrong key, edited, truncated). */
export function decryptToken(enc: string, key: Buffer): string {
  if (!enc.startsWith(PREFIX)) throw new Error('unknown token format');
  const raw = Buffer.from(enc.slice(PREFIX.length), 'base64');
  if (raw.length < IV + TAG) throw new Error('token too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
  decipher.setAuthTag(raw.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8');
}
