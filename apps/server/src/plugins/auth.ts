// Bearer-token sessions: opaque random tokens, stored as SHA-256 hashes, revocable. The hook
// resolves the token to the signed-in user; route scopes opt in with `requireUser`/`requireAdmin`.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { forbidden, unauthorized } from '../errors.ts';

export interface AuthUser {
  id: number;
  isAdmin: boolean;
  sessionId: number;
  actingAdminId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const SESSION_DAYS = 30;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: Db, userId: number, actingAdminId: number | null = null): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), acting_admin_id: actingAdminId, expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
    .execute();
  return token;
}

async function resolveUser(db: Db, header: string | undefined): Promise<AuthUser | null> {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  if (!m) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as id', 'users.is_admin as isAdmin', 'sessions.acting_admin_id as actingAdminId'])
    .where('sessions.token_hash', '=', hashToken(m[1]))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row ?? null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    req.user = await resolveUser(db, req.headers.authorization);
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
