// Signed values for links in mail (unsubscribe) and short-lived tickets (live events): an HMAC
// with a key kept in the database, made by the first process that needs it, so every server and
// worker on one database signs and checks alike and nothing has to be configured.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connection.ts';

const cache = new WeakMap<Db, Promise<Buffer>>();

/** The database's signing key, made on first use. */
export function signingKey(db: Db): Promise<Buffer> {
  let key = cache.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('server_keys')
        .values({ name: 'signing', key: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_keys').select('key').where('name', '=', 'signing').executeTakeFirstOrThrow();
      return Buffer.from(row.key, 'base64url');
    })();
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');

/** `value.signature`, for one purpose only (a ticket is no unsubscribe token). */
export async function sign(db: Db, purpose: string, value: string): Promise<string> {
  return `${value}.${mac(await signingKey(db), purpose, value)}`;
}

/** The value of a token signed for this purpose, or null. */
export async function verify(db: Db, purpose: string, token: string): Promise<string | null> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const want = Buffer.from(mac(await signingKey(db), purpose, value));
  return given.length === want.length && timingSafeEqual(given, want) ? value : null;
}
