// Access tokens at rest (profiles.access_token_enc, token_secret_enc): AES-256-GCM under the
// server's key, stored as "v2:" + key id + ":" + base64(iv | tag | ciphertext).
//
// - Bound to their row. The GCM associated data names the table, column, profile id, project and
//   stream (profileTokenContext), so a value copied to another row, project or column does not
//   decrypt: it cannot lend one tenant's token to another's profile.
// - Keys. TOKEN_KEY is the current key (exactly 32 bytes: 64 hex or 44 base64 characters; any
//   other value is refused, naming the setting). The embedded mode without one generates a key
//   once and keeps it in DATA_DIR/token.key. Old keys stay readable: TOKEN_KEYS_OLD (comma list),
//   and the generated key once TOKEN_KEY replaces it.
// - Rotation. Each value names its key by id (the first 8 hex digits of a SHA-256 of the key),
//   so values under an old key are found and re-encrypted by `npm run tokens:rotate`
//   (crypto/rotate.ts), which also rewrites values of the first format.
// - The first format, "v1:" + base64(iv | tag | ciphertext) (no key id, no associated data), is
//   still read, under any configured key.
// GCM's tag makes a wrong key, another row or an edited value fail loudly instead of decrypting
// to garbage. docs/security.md, "Encryption at rest".
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V1 = 'v1:';
const V2 = 'v2:';
const IV = 12;
const TAG = 16;
export const TOKEN_KEY_FILE = 'token.key';

export interface TokenKey {
  /** 8 hex digits naming the key in each value it encrypts. */
  id: string;
  key: Buffer;
}

/** The current key (encrypts, and reads) and the old ones (read only). */
export interface TokenKeyring {
  current: TokenKey;
  old: TokenKey[];
}

/** The columns holding encrypted tokens. */
export type TokenColumn = 'access_token_enc' | 'token_secret_enc';

/** A key's id: not secret, and says nothing about the key beyond telling keys apart. */
export function tokenKeyIdOf(key: Buffer): string {
  return createHash('sha256').update('listening token key id\0').update(key).digest('hex').slice(0, 8);
}

/**
 * A 32-byte key from 64 hex characters or 44 base64 characters (standard alphabet, with its
 * padding); surrounding whitespace is ignored. Anything else is refused with an error naming the
 * setting (never echoing the value).
 */
export function parseTokenKey(text: string, name = 'TOKEN_KEY'): Buffer {
  const t = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(t)) key = Buffer.from(t, 'hex');
  else if (/^[A-Za-z0-9+/]{43}=$/.test(t)) {
    const b = Buffer.from(t, 'base64');
    if (b.length === 32 && b.toString('base64') === t) key = b;
  }
  if (!key)
    throw new Error(
      `${name} must be exactly 32 bytes, written as 64 hex characters or 44 base64 characters (e.g. from \`openssl rand -hex 32\`); the value given (${t.length} characters) is neither`,
    );
  return key;
}

/** A keyring from the current key and the old ones (duplicates of the current key are dropped). */
export function keyring(current: Buffer, old: Buffer[] = []): TokenKeyring {
  const cur = { id: tokenKeyIdOf(current), key: current };
  const seen = new Map<string, Buffer>([[cur.id, current]]);
  const olds: TokenKey[] = [];
  for (const key of old) {
    const id = tokenKeyIdOf(key);
    const known = seen.get(id);
    if (known) {
      if (!known.equals(key)) throw new Error(`two token keys share the id ${id}: replace one of them`);
      continue;
    }
    seen.set(id, key);
    olds.push({ id, key });
  }
  return { current: cur, old: olds };
}

/**
 * The keys tokens are encrypted with:
 * - current: TOKEN_KEY when set; else, in the embedded mode, the key in DATA_DIR/token.key
 *   (created on first use, readable by the owner only); else none, and null is answered
 *   (PostgreSQL without TOKEN_KEY: stored tokens cannot be read, and the caller says so);
 * - old (read only): TOKEN_KEYS_OLD, and in the embedded mode the generated key when TOKEN_KEY
 *   has taken its place (so moving to a key from a secret store needs only `tokens:rotate`).
 * Throws, naming the setting or file, on a malformed key and on old keys without TOKEN_KEY.
 */
export function resolveTokenKeys(opts: { tokenKey?: string | null; tokenKeysOld?: string[]; embedded: boolean; dataDir: string }): TokenKeyring | null {
  const old = (opts.tokenKeysOld ?? []).map((t, i) => parseTokenKey(t, `TOKEN_KEYS_OLD (entry ${i + 1})`));
  const current = opts.tokenKey ? parseTokenKey(opts.tokenKey, 'TOKEN_KEY') : null;
  const useFile = opts.embedded && opts.dataDir !== ':memory:';
  const file = join(opts.dataDir, TOKEN_KEY_FILE);
  if (current) {
    if (useFile && existsSync(file)) old.push(parseTokenKey(readFileSync(file, 'utf8'), file));
    return keyring(current, old);
  }
  if (!useFile) {
    if (old.length) throw new Error('TOKEN_KEYS_OLD is set but TOKEN_KEY is not: set TOKEN_KEY to the key tokens are to be encrypted with');
    return null;
  }
  if (existsSync(file)) return keyring(parseTokenKey(readFileSync(file, 'utf8'), file), old);
  mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once must not overwrite each other's key.
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return keyring(key, old);
}

/** Where a value belongs, as associated data: table, column, profile id, project and stream. */
export function profileTokenContext(row: { id: number; project_id: number; stream_id: number }, column: TokenColumn = 'access_token_enc'): string {
  return `profiles.${column}:id=${row.id}:project=${row.project_id}:stream=${row.stream_id}`;
}

const aad = (context: string) => Buffer.from(`listening token v2\0${context}`, 'utf8');

/** Encrypts under the current key, bound to `context` (profileTokenContext). */
export function encryptToken(plain: string, keys: TokenKeyring, context: string): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(aad(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${V2}${keys.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The id of the key a value was encrypted with; null for the first format (no id). */
export function tokenKeyId(enc: string): string | null {
  if (!enc.startsWith(V2)) return null;
  const id = enc.slice(V2.length, enc.indexOf(':', V2.length));
  return /^[0-9a-f]{8}$/.test(id) ? id : null;
}

/** True unless the value is in the current format under the current key. */
export function needsRotation(enc: string, keys: TokenKeyring): boolean {
  return tokenKeyId(enc) !== keys.current.id;
}

function open(raw: Buffer, key: Buffer, context: string | null): string {
  if (raw.length < IV + TAG) throw new Error('token too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
  if (context !== null) decipher.setAAD(aad(context));
  decipher.setAuthTag(raw.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8');
}

/**
 * The token, if the value was made by encryptToken for this context under a configured key (or,
 * in the first format, under any configured key). Throws otherwise: unknown key, another row,
 * edited or truncated.
 */
export function decryptToken(enc: string, keys: TokenKeyring, context: string): string {
  const all = [keys.current, ...keys.old];
  if (enc.startsWith(V2)) {
    const id = tokenKeyId(enc);
    if (!id) throw new Error('unknown token format');
    const key = all.find((k) => k.id === id);
    if (!key) throw new Error(`token key ${id} is not configured (TOKEN_KEY, TOKEN_KEYS_OLD)`);
    try {
      return open(Buffer.from(enc.slice(V2.length + id.length + 1), 'base64'), key.key, context);
    } catch {
      throw new Error(`token does not decrypt under key ${id} for ${context} (another row's value, or edited)`);
    }
  }
  if (enc.startsWith(V1)) {
    const raw = Buffer.from(enc.slice(V1.length), 'base64');
    for (const k of all) {
      try {
        return open(raw, k.key, null);
      } catch {
        // the next key
      }
    }
    throw new Error('token (first format) does not decrypt under any configured key (TOKEN_KEY, TOKEN_KEYS_OLD)');
  }
  throw new Error('unknown token format');
}
