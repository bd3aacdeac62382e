// Every failure leaves as { statusCode, error, message }: validation names the field, services'
// HttpErrors keep their status, a value the database refuses as data is a 400, a database that
// does not answer (restarting, failing over, unreachable) is a 503 to try again, anything
// unexpected is a logged 500 without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from '../db/connection.ts';
import { HttpError } from '../errors.ts';

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation
      .map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const msg = v.message ?? 'is invalid';
        // A message a form shows to people as it is ('Please enter a valid email address') is
        // left alone; any other is prefixed with the field it concerns.
        return field && !msg.startsWith(field) && !msg.startsWith('Please ') ? `${field}: ${msg}` : msg;
      })
      .join('; ');
  }
  return err.message;
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a number or date out of range, text it cannot
 * store) raised by a value of the request: the caller's mistake, so a 400 in plain words. The
 * contract's bounds (common.ts) stop these before any query; this is the net for a schema that
 * forgot one.
 */
function dataExceptionMessage(err: unknown): string | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  if (code === '22003') return 'A number in the request is out of range';
  if (code === '22008' || code === '22007') return 'A date in the request is out of range';
  return 'A value in the request is not allowed';
}

/** What a request answers while the database does not: the pool reconnects by itself once it is back. */
export const DATABASE_UNAVAILABLE = 'The database is not answering at the moment: try again in a few seconds';

/** A change asked for while the primary is away and replicas still answer reads. */
export const DATABASE_READ_ONLY =
  'Changes cannot be saved at the moment (the database only reads while it recovers): nothing was changed; try again in a minute';

/** Seconds a client is asked to wait before trying again while the database is away. */
const RETRY_AFTER_S = 5;

/** `replicas`: read replicas are configured, so reads may still answer while the primary is away. */
export function registerErrorHandler(app: FastifyInstance, { replicas = false }: { replicas?: boolean } = {}): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
    let message = err.message;
    const dataException = dataExceptionMessage(err);
    if (err.validation) {
      status = 400;
      message = describeValidation(err);
    } else if (dataException) {
      req.log.warn({ err }, 'the database refused a value of the request');
      status = 400;
      message = dataException;
    } else if (status >= 500 && isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'the database did not answer');
      status = 503;
      message = replicas && !['GET', 'HEAD'].includes(req.method) ? DATABASE_READ_ONLY : DATABASE_UNAVAILABLE;
      reply.header('retry-after', String(RETRY_AFTER_S));
    } else if (status >= 500) {
      req.log.error({ err }, 'request failed');
      message = 'Internal Server Error';
    }
    reply.status(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
  });
}
