// Input no handler can take never reaches one. A NUL byte (PostgreSQL refuses it in text) or an
// unpaired UTF-16 surrogate (half of a character: no encoding can store it) anywhere in the body,
// the query or the path parameters answers 400 naming the field, before any route's own
// validation; so does a query value whose percent-encoding is not UTF-8 (%ED%A0%80 is how a lone
// surrogate looks there), and a list longer than any operation takes (a query binds one parameter
// per item, and the database allows 65,535). One hook for every route, so no route has to remember.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A field's name in a message, cut short (a deeply nested body has a very long one). */
const fieldName = (field: string) => (field.length > 100 ? `${field.slice(0, 100)}…` : field);
export const notAllowedMessage = (field: string) => `${fieldName(field)} contains a character that is not allowed`;
/** Most items a list of the request may hold; operations' own limits are lower (1,000 clips at most). */
export const MAX_LIST_ITEMS = 10_000;

const hasBadText = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * What is wrong with the first field (dotted, with [i] for list items) holding a string that is
 * not allowed or a list that is too long, or null. Iterative, so a deeply nested body cannot
 * exhaust the stack.
 */
export function inputProblem(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasBadText(v)) return notAllowedMessage(path || 'The request body');
    } else if (Array.isArray(v)) {
      if (v.length > MAX_LIST_ITEMS) return `${fieldName(path || 'The request body')} has ${v.length} items; at most ${MAX_LIST_ITEMS}`;
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (hasBadText(k)) return notAllowedMessage(path ? `A field name in ${path}` : 'A field name');
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

/** What is wrong with the first query parameter whose percent-encoding does not decode (not UTF-8), or null. */
function undecodableQueryParameter(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
    if (key === null) return notAllowedMessage('A query parameter name');
    if (eq >= 0 && safeDecode(part.slice(eq + 1)) === null) return notAllowedMessage(key);
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
  const problem = undecodableQueryParameter(req.url) ?? inputProblem(req.params) ?? inputProblem(req.query) ?? inputProblem(req.body);
  if (problem !== null) throw badRequest(problem);
}

/** Registers the check on every route (before validation, after the body is parsed). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => checkInput(req));
}
