import {
  acceptInvitationWithPassword,
  answerInvitation,
  confirmEmailChange,
  endActAs,
  forgotPassword,
  getIdByEmail,
  getMyInvitations,
  getUser,
  login,
  loginAs,
  logout,
  logoutAll,
  openInvitation,
  setPassword,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { confirmEmailChange as confirmEmail } from './email-change.ts';
import * as invitations from './invitations.ts';
import * as auth from './service.ts';

/**
 * Sessions and passwords: login, logout (here or everywhere), act-as and password setup (CRM host);
 * the user, forgot password and id by email (main host); a person's own invitations and the
 * confirmation of a new email (CRM host).
 */
export function authRoutes(route: Route, { db, mailer, config }: Deps): void {
  route(login, async ({ body, reply }) => {
    try {
      return await auth.login(db, body.Username, body.Password);
    } catch (err) {
      if (err instanceof auth.AccountLocked) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  });
  route(logout, ({ user }) => auth.logout(db, user.sessionId));
  route(logoutAll, ({ user }) => auth.logoutAll(db, user));
  route(loginAs, ({ user, query }) => auth.loginAs(db, user, query.contactId));
  route(endActAs, ({ user }) => auth.endActAs(db, user));
  route(setPassword, ({ body }) => auth.setPassword(db, body));
  route(getUser, ({ user, query }) => auth.userFor(db, user, query.id));
  route(forgotPassword, ({ query }) => auth.forgotPassword(db, mailer, config.publicUrl, query.email));
  route(getIdByEmail, ({ body }) => auth.idByEmail(db, body.Email));
  route(confirmEmailChange, ({ body }) => confirmEmail(db, mailer, config.publicUrl, body.Token));
  route(getMyInvitations, ({ user }) => invitations.mine(db, user));
  route(answerInvitation, ({ user, body }) => invitations.answer(db, user, body.Id, body.Accept));
  route(openInvitation, ({ body }) => invitations.open(db, body.Token));
  route(acceptInvitationWithPassword, ({ body }) => invitations.acceptWithPassword(db, body));
}
