// Builds the Fastify instance: third-party plugins first (validation, OpenAPI, rate limits, the web
// app's static files), then our cross-cutting plugins (errors, sessions), then every module's
// operations, and last the SPA fallback. From the moment the modules register, a route without a
// declared access level is refused: every operation comes through http/route.ts. No business logic here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyServerFactory } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, getHealth } from '@listening/contract';
import { HttpError } from './errors.ts';
import { isApiPath } from './http/paths.ts';
import { routeRegistrar } from './http/route.ts';
import { apiOpen, healthAnswer, READY, type StartStatus } from './http/start-status.ts';
import { modules } from './modules/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { redactSecrets } from './http/redact.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { App, Deps } from './types.ts';

export interface BuildOptions extends Deps {
  /** Readiness for /healthz and the API (http/start-status.ts); ready when not given. */
  status?: () => StartStatus;
  /** The HTTP server to answer on, already made (main.ts listens before the app is built). */
  serverFactory?: FastifyServerFactory;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { status = () => READY, serverFactory, logger = false, ...deps } = opts;
  const app = Fastify({
    logger: logger
      ? {
          level: deps.config.logLevel,
          redact: ['req.headers.authorization'],
          // A network's return address carries a one-time code and the grant's state: never logged.
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactSecrets(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    // Only configured proxies may say who the client is (TRUST_PROXY); otherwise the socket's address.
    trustProxy: deps.config.trustProxy.length ? deps.config.trustProxy : false,
    ...(serverFactory ? { serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Listening API',
        version: APP_VERSION,
        description: 'Main, CRM (/crm), mentor (/mentor) and keywords (/keywords) hosts. See docs/api.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(rateLimit, { global: false });
  // File uploads (a board's background): parsed only by a route that asks for its file, within that route's limits.
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5 } });

  const dist = deps.config.webDist;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });

  registerErrorHandler(app, { replicas: deps.config.databaseReadUrls.length > 0 });
  // Before the sessions are read: until the database is migrated and seeded there is nothing to read them from.
  app.addHook('onRequest', async (req) => {
    if (!apiOpen(status()) && isApiPath(req.url)) throw new HttpError(503, 'starting');
  });
  registerInputGuard(app);
  registerSecurityHeaders(app);
  registerAuth(app, deps.db, { idleHours: deps.config.sessionIdleHours, replicas: deps.config.databaseReadUrls.length > 0 });

  app.addHook('onRoute', (r) => {
    if (!r.config?.access) throw new Error(`${r.method} ${r.url} declares no access level: register it from a contract operation (http/route.ts)`);
  });
  const route = routeRegistrar(app, deps.config);
  // Answered from memory (http/start-status.ts), never waiting for the database.
  route(getHealth, async ({ reply }) => {
    const answer = healthAnswer(status());
    if (answer.code === 200) return answer.body;
    // The error schema would drop the progress: this answer is written as it is.
    return reply.code(503).serializer(JSON.stringify).send(answer.body);
  });
  for (const register of modules) register(route, deps);

  app.setNotFoundHandler((req, reply) => {
    const isApi = isApiPath(req.url) || req.url.startsWith('/docs');
    if (!isApi && hasWeb && req.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
  return app;
}
