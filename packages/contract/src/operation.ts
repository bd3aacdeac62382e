// One operation of the API, whole: where it lives (host, method, path), who may call it, what it
// takes and what it answers. Each endpoint is one such object in one file under this package
// (auth/login.ts, dashboard/get-heatmap.ts, ...). The server registers its route from it, the web
// app calls it by it, and the OpenAPI document describes it, so no path, request shape or response
// type is written anywhere else. docs/architecture.md ("Adding an operation") walks through one.
import { z } from 'zod';

/** The four hosts of the API, each served under its own path prefix (docs/api.md). */
export type Host = 'main' | 'crm' | 'mentor' | 'keywords';
export const HOST_PREFIX: Record<Host, string> = { main: '', crm: '/crm', mentor: '/mentor', keywords: '/keywords' };

/**
 * Who may call an operation: anyone (`public`), a signed-in user (`user`; which client's data they
 * may touch is decided per call by the server's access module), or the provider's staff (`admin`).
 */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Error answers an operation may give; every one has the body ErrorBody. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

export const ErrorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Limits per client address on calls that take credentials, send mail or serve files to anyone:
 * `credentials` for login and password flows, `form` for public forms, `download` for public files.
 */
export type RateLimit = 'credentials' | 'form' | 'download';

export interface OperationSpec {
  host: Host;
  method: Method;
  /** The path after the host's prefix, with `:name` for path parameters ('/api/project/:id/products'). */
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer: JSON of this schema, `z.null()` with status 204, or a file with `produces`. */
  response: z.ZodType;
  /** 200 unless said (204 for an answer without a body). */
  status?: 200 | 204;
  /** Set for a file download: its media type. The response schema then only documents it. */
  produces?: string;
  rateLimit?: RateLimit;
  /** Error answers beyond those implied by the access level and the presence of input. */
  errors?: readonly ErrorStatus[];
}

export type Operation<S extends OperationSpec = OperationSpec> = S & { readonly errors: readonly ErrorStatus[] };

/**
 * Declares an operation. Its error answers are those of its access level (401 without a session,
 * 403 for a non-admin on admin operations, 404 for ids the caller may not see), 400 when it takes
 * input, 429 when rate limited, plus any it names.
 */
export function defineOperation<const S extends OperationSpec>(spec: S): Operation<S> {
  const errors = new Set<ErrorStatus>(spec.errors ?? []);
  if (spec.params || spec.query || spec.body) errors.add(400);
  if (spec.access !== 'public') {
    errors.add(401);
    errors.add(403);
    errors.add(404);
  }
  if (spec.rateLimit) errors.add(429);
  return { ...spec, errors: [...errors].sort((a, b) => a - b) };
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the parameters, query and body the operation declares, as their schemas accept them. */
export type OperationInput<O extends OperationSpec> = (O['params'] extends z.ZodType ? { params: In<O['params']> } : { params?: never }) &
  (O['query'] extends z.ZodType ? { query: In<O['query']> } : { query?: never }) &
  (O['body'] extends z.ZodType ? { body: In<O['body']> } : { body?: never });

/** What the server's handler receives: the same input after the schemas have parsed it. */
export interface ParsedInput<O extends OperationSpec> {
  params: Out<O['params']>;
  query: Out<O['query']>;
  body: Out<O['body']>;
}

/** What a successful call answers, as the web app receives it. */
export type OperationOutput<O extends OperationSpec> = z.output<O['response']>;
/** What the server's handler returns (before serialisation). */
export type OperationResult<O extends OperationSpec> = z.input<O['response']>;

/** The full path of an operation with its path parameters filled in ('/crm/api/project/7/products'). */
export function operationPath(op: OperationSpec, params?: Record<string, string | number>): string {
  const path = op.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.method} ${op.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return `${HOST_PREFIX[op.host]}${path}`;
}
