import { getBlogs, submitContact } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as publicSite from './service.ts';

/** Public, unauthenticated: the blog and the contact form. */
export function publicRoutes(route: Route, { db, mailer, config }: Deps): void {
  route(getBlogs, () => publicSite.blogs(db));
  route(submitContact, ({ body, req }) => publicSite.submitContact(db, mailer, config.contactTo, req.ip, body));
}
