// Builds the Fastify instance: third-party plugins first (validation, OpenAPI, rate limits), then
// our cross-cutting plugins (errors, sessions), then every module under its host's prefix, and
// last the web app's static files with the SPA fallback. No business logic here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@listening/contract';
import { modules, HOST_PREFIX } from './modules/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import type { App, Deps } from './types.ts';

export interface BuildOptions extends Deps {
  /** Readiness for /healthz: false while the demo corpus is still being generated. */
  isReady?: () => boolean;
  logger?: boolean;
}

const API_PREFIXES = ['/api/', '/crm/', '/mentor/', '/keywords/', '/docs'];

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { isReady = () => true, logger = false, ...deps } = opts;
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel, redact: ['req.headers.authorization'] } : false,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Listening API', version: APP_VERSION, description: 'Main, CRM (/crm), mentor (/mentor) and keywords (/keywords) hosts. See docs/api.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(rateLimit, { global: false });

  registerErrorHandler(app);
  registerAuth(app, deps.db);

  app.get('/healthz', {
    schema: { tags: ['ops'], response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } },
    handler: async (_req, reply) => (isReady() ? { status: 'ok' } : reply.status(503).send({ status: 'starting' })),
  });

  for (const m of modules) {
    await app.register(async (scope) => m.register(scope as unknown as App, deps), { prefix: HOST_PREFIX[m.host] });
  }

  const dist = deps.config.webDist;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isApi && hasWeb && req.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
  return app;
}
