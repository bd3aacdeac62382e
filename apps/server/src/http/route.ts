// Registers a contract operation as a Fastify route: the schema (validation, serialisation and the
// OpenAPI entry) is built from the operation, its access level is applied before anything else
// runs, and the handler receives the parsed input and the signed-in user. A route that does not
// come through here has no declared access level, and app.ts refuses to register it.
import { ErrorBody, HOST_PREFIX, type Access, type Operation, type OperationResult, type OperationSpec, type ParsedInput } from '@listening/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { readContext } from '../db/replicas.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { readsFromReplica, wroteRecently } from './replica-reads.ts';
import type { App } from '../types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route of the API declares one. */
    access?: Access;
  }
}

/** What a handler receives: the parsed input, the caller, and the raw request and reply for the rare handler that streams. */
export type Call<O extends OperationSpec> = ParsedInput<O> & {
  user: O['access'] extends 'public' ? AuthUser | null : AuthUser;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<O extends OperationSpec> = (call: Call<O>) => Promise<OperationResult<O> | FastifyReply>;

/** The access check run on every request, before its input is read. */
function guard(access: Access) {
  return async (req: FastifyRequest) => {
    if (access === 'public') return;
    if (!req.user) throw unauthorized();
    if (access === 'admin' && !req.user.isAdmin) throw forbidden('Only administrators may do this');
  };
}

function rateLimitOf(op: OperationSpec, config: Config) {
  if (op.rateLimit === 'credentials') return { max: config.loginRateLimit, timeWindow: '1 minute' };
  if (op.rateLimit === 'form') return { max: 5, timeWindow: '1 minute' };
  if (op.rateLimit === 'download') return { max: config.downloadRateLimit, timeWindow: '1 minute' };
  return undefined;
}

/**
 * Runs a handler whose reads may go to a replica (db/replicas.ts), unless its user changed
 * something moments ago; says where its reads went in the x-listening-read header.
 */
async function readOnReplica<T>(req: FastifyRequest, reply: FastifyReply, call: () => Promise<T>): Promise<T> {
  const ctx = { replica: !wroteRecently(req.user?.wroteAt) } as { replica: boolean; readFrom?: 'replica' | 'primary' };
  const result = await readContext.run(ctx, call);
  if (ctx.readFrom && !reply.sent) reply.header('x-listening-read', ctx.readFrom);
  return result;
}

/** Registers one operation with its handler; modules receive it bound to the app. */
export type Route = <O extends Operation>(op: O, handler: Handler<O>) => void;

export const routeRegistrar =
  (app: App, config: Config): Route =>
  (op, handler) =>
    route(app, config, op, handler);

function route<O extends Operation>(app: App, config: Config, op: O, handler: Handler<O>): void {
  const status = op.status ?? 200;
  const response: Record<number, unknown> = { [status]: op.response };
  for (const code of op.errors) response[code] = ErrorBody;
  const rateLimit = rateLimitOf(op, config);
  const replicas = config.databaseReadUrls.length > 0 && readsFromReplica(op);
  const options: RouteOptions = {
    method: op.method,
    url: `${HOST_PREFIX[op.host]}${op.path}`,
    schema: {
      tags: [...op.tags],
      summary: op.summary,
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(op.produces ? { produces: [op.produces] } : {}),
      ...(op.access === 'public' ? { security: [] } : {}),
      'x-access': op.access,
      response,
    } as RouteOptions['schema'],
    config: { access: op.access, ...(rateLimit ? { rateLimit } : {}) },
    onRequest: guard(op.access),
    handler: async (req, reply) => {
      const call = () =>
        handler({
          params: req.params,
          query: req.query,
          body: req.body,
          user: req.user,
          req,
          reply,
        } as Call<O>);
      const result = replicas ? await readOnReplica(req, reply, call) : await call();
      if (status === 204) return reply.status(204).send(null);
      return result;
    },
  };
  app.route(options);
}
