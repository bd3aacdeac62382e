// Every failure leaves as { statusCode, error, message }: validation names the field, services'
// HttpErrors keep their status, anything unexpected is a logged 500 without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../errors.ts';

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation
      .map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const msg = v.message ?? 'is invalid';
        return field && !msg.startsWith(field) ? `${field}: ${msg}` : msg;
      })
      .join('; ');
  }
  return err.message;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
    let message = err.message;
    if (err.validation) {
      status = 400;
      message = describeValidation(err);
    } else if (status >= 500) {
      req.log.error({ err }, 'request failed');
      message = 'Internal Server Error';
    }
    reply.status(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
  });
}
