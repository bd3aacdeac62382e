// The one HTTP client (000 §7, 002 §7.9, DESIGN §2 and §6): the four hosts as path prefixes, the
// bearer token from local storage, 401 → /login, any other non-OK → an error carrying the status
// text, shown as an error toast. JSON and plain-text bodies are both parsed; 204 is null.
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';

export type Host = 'main' | 'crm' | 'mentor' | 'keywords';

const HOST_PREFIX: Record<Host, string> = { main: '', crm: '/crm', mentor: '/mentor', keywords: '/keywords' };

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly (string | number)[]>;

/** prefix + /api/ + the catalogue's path without its own /api/ (DESIGN §2). */
export function apiUrl(host: Host, path: string, query?: Query): string {
  const bare = path.replace(/^\/+/, '').replace(/^api\//, '');
  const url = `${HOST_PREFIX[host]}/api/${bare}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

// ---- the session token ----------------------------------------------------------------------

const TOKEN_KEY = 'access_token';
const tokenListeners = new Set<() => void>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  tokenListeners.forEach((listener) => listener());
}

export const clearToken = (): void => setToken(null);

/** For useSyncExternalStore: the session changes when the token is stored or cleared. */
export function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === TOKEN_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- 401 --------------------------------------------------------------------------------------

let onUnauthorized: () => void = () => window.location.assign('/login');

/** The app hands in its router's navigation so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

// ---- errors -----------------------------------------------------------------------------------

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's own explanation, from a JSON `{ message }` (or `Message`) or a text body. */
  readonly serverMessage: string | null;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    const serverMessage = messageOf(body);
    super(serverMessage ?? statusText);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 300) : null;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const m = b.message ?? b.Message;
    if (typeof m === 'string' && m) return m;
  }
  return null;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function showErrorToast(title: string, message: string | null): void {
  notifications.show({ color: 'red', title, message: message && message !== title ? message : title, autoClose: 6000 });
}

// ---- requests ---------------------------------------------------------------------------------

export interface RequestOptions<T> {
  host?: Host;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** The contract's schema of the answer: the result is typed by it and checked against it. */
  schema?: z.ZodType<T>;
  /**
   * The screen shows its own message for a failure (the password flows, act-as), so the client
   * only throws. Network failures and 401 are handled the same either way.
   */
  quiet?: boolean;
  /** Login answers 401 for bad credentials: that is an error to show, not a lost session. */
  unauthorized?: 'redirect' | 'throw';
  /** Calls made before a session exists (login, forgot password, password setup) send no token. */
  anonymous?: boolean;
  /** 'blob' for file downloads (a spreadsheet, a PDF): a successful answer is not parsed. */
  responseType?: 'data' | 'blob';
  signal?: AbortSignal;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { host = 'main', method = 'GET', query, body, schema, quiet = false, unauthorized = 'redirect', anonymous = false, responseType = 'data', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(host, path, query), { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    const error = new ApiError(0, 'Network error', 'The server could not be reached. Check your connection and try again.');
    if (!quiet) showErrorToast(error.statusText, error.serverMessage);
    throw error;
  }

  if (res.ok && responseType === 'blob') return (await res.blob()) as T;
  const data = await parseBody(res);
  if (res.status === 401 && unauthorized === 'redirect') {
    clearToken();
    onUnauthorized();
    throw new ApiError(401, res.statusText || STATUS_TEXT[401], data);
  }
  // res.ok covers 200-299, 201 and 202 among them.
  if (!res.ok) {
    const error = new ApiError(res.status, res.statusText || STATUS_TEXT[res.status] || `HTTP ${res.status}`, data);
    if (!quiet) showErrorToast(error.statusText, error.serverMessage);
    throw error;
  }
  if (schema && data !== null) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const error = new ApiError(res.status, 'Unexpected response', `The answer of ${path} did not match its contract: ${parsed.error.issues[0]?.message ?? ''}`);
      if (!quiet) showErrorToast(error.statusText, error.serverMessage);
      throw error;
    }
    return parsed.data;
  }
  return data as T;
}

/** Shorthands per method; `host` picks main, CRM, mentor or keywords. */
export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  /** A file: the same token, 401 and error handling, the body as a Blob. */
  download: (path: string, options?: Omit<RequestOptions<Blob>, 'method' | 'body' | 'responseType' | 'schema'>) =>
    request<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
