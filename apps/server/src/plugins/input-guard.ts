// Text no column can hold never reaches a handler. A NUL byte (PostgreSQL refuses it in text) or
// an unpaired UTF-16 surrogate (half of a character: no encoding can store it) anywhere in the
// body, the query or the path parameters answers 400 naming the field, before any route's own
// validation; so does a query value whose percent-encoding is not UTF-8 (%ED%A0%80 is how a lone
// surrogate looks there). One hook for every route, so no route has to remember it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/** A NUL byte, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const NOT_ALLOWED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const notAllowedMessage = (field: string) => `${field} contains a character that is not allowed`;

const hasBadText = (s: string) => NOT_ALLOWED.test(s);

/**
 * The name of the first field (dotted, with [i] for list items) holding a string that is not
 * allowed, or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findNotAllowed(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasBadText(v)) return path || 'the request body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (hasBadText(k)) return path ? `a field name in ${path}` : 'a field name';
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

/** The name of the first query parameter whose percent-encoding does not decode (not UTF-8), or null. */
function undecodableQueryParameter(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const key = safeDecode(rawKey);
    if (key === null) return 'a query parameter name';
    if (eq >= 0 && safeDecode(part.slice(eq + 1)) === null) return key;
  }
  return null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export function checkInput(req: FastifyRequest): void {
  const field =
    undecodableQueryParameter(req.url) ?? findNotAllowed(req.params, '') ?? findNotAllowed(req.query, '') ?? findNotAllowed(req.body, '');
  if (field !== null) throw badRequest(notAllowedMessage(field));
}

/** Registers the check on every route (before validation, after the body is parsed). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => checkInput(req));
}
