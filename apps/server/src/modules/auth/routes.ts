import { z } from 'zod';
import { EmailBody, ErrorBody, ForgotQuery, IdResponse, LoginBody, LoginIdQuery, LoginResponse, MessageResponse, MESSAGES, OkResponse, PasswordSetBody, User, UserByIdQuery } from '@listening/contract';
import { forbidden } from '../../errors.ts';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import * as auth from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** CRM host (/crm): login, logout, login by id, password set. */
export function crmAuthRoutes(app: App, { db, config }: Deps): void {
  app.post('/api/user/login', {
    schema: { tags: ['auth'], summary: 'Log in; the password travels in the body only', body: LoginBody, response: { 200: LoginResponse, ...errors } },
    config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (req) => ({ access_token: await auth.login(db, req.body.Username, req.body.Password) }),
  });
  app.post('/api/user/logout', {
    schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 204: z.null(), ...errors } },
    onRequest: requireUser,
    handler: async (req, reply) => {
      await auth.logout(db, currentUser(req).sessionId);
      return reply.status(204).send(null);
    },
  });
  app.post('/api/user/login/id', {
    schema: { tags: ['auth'], summary: 'Admin act-as: a token for another contact', querystring: LoginIdQuery, response: { 200: LoginResponse, ...errors } },
    onRequest: requireAdmin,
    handler: async (req) => ({ access_token: await auth.loginAs(db, currentUser(req).id, req.query.contactId) }),
  });
  app.post('/api/user/password/set', {
    schema: { tags: ['auth'], summary: 'Set a password with the one-time token of the emailed link', body: PasswordSetBody, response: { 200: MessageResponse, ...errors } },
    config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (req) => {
      await auth.setPassword(db, req.body);
      return { Message: MESSAGES.passwordSet };
    },
  });
}

/** Main host: current user, user by id, forgot password, id by email. */
export function userRoutes(app: App, { db, mailer, config }: Deps): void {
  app.get('/api/user/get', {
    schema: { tags: ['auth'], summary: 'The signed-in user, or a user by id (admins, or oneself)', querystring: UserByIdQuery.partial(), response: { 200: User, ...errors } },
    onRequest: requireUser,
    handler: async (req) => {
      const me = currentUser(req);
      const id = req.query.id ?? me.id;
      if (id !== me.id && !me.isAdmin) throw forbidden('Only administrators may read other users');
      return auth.getUser(db, id, id === me.id ? me.actingAdminId : null);
    },
  });
  app.post('/api/user/forgotpassword', {
    schema: { tags: ['auth'], summary: 'Email a one-time password setup link', querystring: ForgotQuery, response: { 200: OkResponse, ...errors } },
    config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (req) => {
      await auth.forgotPassword(db, mailer, config.publicUrl, req.query.email);
      return { ok: true };
    },
  });
  app.post('/api/user/get/email', {
    schema: { tags: ['auth'], summary: 'Admin act-as: the contact id of an email', body: EmailBody, response: { 200: IdResponse, ...errors } },
    onRequest: requireAdmin,
    handler: async (req) => ({ Id: await auth.idByEmail(db, req.body.Email) }),
  });
}
