// Bearer-token sessions: opaque random tokens, stored as SHA-256 hashes, revocable. The hook
// resolves the token to the signed-in user; route scopes opt in with `requireUser`/`requireAdmin`.
// A session ends SESSION_DAYS after it began (ACT_AS_HOURS for act-as), or after SESSION_IDLE_HOURS
// without a request: last_seen_at is written when a request comes, at most once a minute.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, type Db } from '../db/connection.ts';
import { readContext } from '../db/replicas.ts';
import { forbidden, unauthorized } from '../errors.ts';

export interface AuthUser {
  id: number;
  /** Never true in an act-as session, whatever the acted-as user's flag. */
  isAdmin: boolean;
  sessionId: number;
  actingAdminId: number | null;
  /** When the session last changed something (read replicas: a recent change reads from the primary). */
  wroteAt?: Date | null;
  /** The client's address (request.ip, behind TRUST_PROXY), for the audit log. */
  ip?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const SESSION_DAYS = 30;
/** Hours without a request after which a session ends, unless SESSION_IDLE_HOURS says otherwise. */
export const DEFAULT_SESSION_IDLE_HOURS = 8;
/** A session's last_seen_at is written at most this often. */
export const LAST_SEEN_EVERY_MS = 60_000;
/** An admin's act-as session lasts hours, not days (docs/security.md). */
export const ACT_AS_HOURS = 4;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A new session; `ttlMs` defaults to SESSION_DAYS. `db` may be a transaction. */
export async function createSession(db: Db, userId: number, actingAdminId: number | null = null, ttlMs = SESSION_DAYS * 86_400_000): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), acting_admin_id: actingAdminId, expires_at: new Date(Date.now() + ttlMs) })
    .execute();
  return token;
}

async function resolveUser(db: Db, header: string | undefined, idleMs: number): Promise<AuthUser | null> {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  if (!m) return null;
  const now = Date.now();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as id',
      'users.is_admin as isAdmin',
      'sessions.acting_admin_id as actingAdminId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.wrote_at as wroteAt',
    ])
    .where('sessions.token_hash', '=', hashToken(m[1]))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date(now))
    .where('sessions.last_seen_at', '>', new Date(now - idleMs))
    .executeTakeFirst();
  if (!row) return null;
  const { lastSeenAt, ...session } = row;
  if (now - new Date(lastSeenAt).getTime() >= LAST_SEEN_EVERY_MS && !readContext.getStore()?.replica)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', session.sessionId)
      .execute();
  // An act-as session never carries admin rights (no act-as chains, even if its user became an admin).
  return { ...session, isAdmin: session.isAdmin && session.actingAdminId === null };
}

/**
 * True while a session resolved earlier would still be accepted: not revoked, not expired, not
 * idle, and its user still has a client to see (an admin, or a contact active at some client,
 * as login requires). For requests that outlive their own check: a live event stream.
 */
export async function sessionStillOpen(db: Db, sessionId: number, idleMs: number): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date(now))
    .where('sessions.last_seen_at', '>', new Date(now - idleMs))
    .where((eb) => {
      const links = eb.selectFrom('client_contacts').select('client_contacts.id').whereRef('client_contacts.user_id', '=', 'users.id');
      return eb.or([eb('users.is_admin', '=', true), eb.not(eb.exists(links)), eb.exists(links.where('client_contacts.is_active', '=', true))]);
    })
    .executeTakeFirst();
  return row !== undefined;
}

const READS_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `replicas`: read replicas are configured (db/replicas.ts). Then a request that changed something
 * stamps its session's wrote_at before its answer leaves, so the user's next reads come from the
 * primary; and while the primary does not answer, sessions are looked up on a replica (without
 * the last-seen stamp), so the screens that read keep working.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  { idleHours = DEFAULT_SESSION_IDLE_HOURS, replicas = false }: { idleHours?: number; replicas?: boolean } = {},
): void {
  const idleMs = idleHours * 3_600_000;
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    try {
      req.user = await resolveUser(db, req.headers.authorization, idleMs);
    } catch (err) {
      if (!replicas || !isDatabaseUnavailable(err)) throw err;
      req.user = await readContext.run({ replica: true }, () => resolveUser(db, req.headers.authorization, idleMs));
    }
    if (req.user) req.user.ip = req.ip;
  });
  if (replicas)
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.user && !READS_ONLY.has(req.method) && reply.statusCode < 400)
        await db.updateTable('sessions').set({ wrote_at: new Date() }).where('id', '=', req.user.sessionId).execute();
      return payload;
    });
}

/** onRequest hook for scopes that need a signed-in user. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.user) throw unauthorized();
}

/** onRequest hook for the provider's staff only (IsAdmin), enforced here rather than in the UI. */
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.user) throw unauthorized();
  if (!req.user.isAdmin) throw forbidden('Only administrators may do this');
}

/** The signed-in user of a request behind requireUser. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
