import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { Mailer } from './mail/mailer.ts';

/** The Fastify instance every module receives: typed by the contract's zod schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What modules may use: the database, mail and configuration. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
}
