// The one HTTP client: every call goes through `call(operation, input)` with an operation of the
// contract, which knows its host, method, path and schemas. The bearer token comes from local
// storage; 401 → /login; any other non-OK → an error carrying the status text, shown as an error
// toast. JSON and plain-text bodies are both parsed; 204 is null.
import { notifications } from '@mantine/notifications';
import { operationPath, type OperationInput, type OperationOutput, type OperationSpec } from '@listening/contract';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly (string | number)[]>;

/** The address of a call: the operation's path with its parameters, then its query string. */
export function operationUrl(op: OperationSpec, input: { params?: unknown; query?: unknown } = {}): string {
  const url = operationPath(op, input.params as Record<string, string | number> | undefined);
  const query = input.query as Query | undefined;
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

function showErrorToast(title: string, message: string | null, id?: string): void {
  notifications.show({ id, color: 'red', title, message: message && message !== title ? message : title, autoClose: 6000 });
}

// ---- requests ---------------------------------------------------------------------------------

export interface CallOptions {
  /**
   * The screen shows its own message for a failure (the password flows, act-as), so the client
   * only throws. Network failures and 401 are handled the same either way.
   */
  quiet?: boolean;
  /** The error toast's id, so the screen can take it away once the user corrects the input. */
  toastId?: string;
  /** A 401 of a signed-in call means the session is gone (redirect); logout only throws. Public operations always throw. */
  unauthorized?: 'redirect' | 'throw';
  /** A public operation that also acts for the signed-in user, when there is one (a grant's return page): the token is sent. */
  session?: boolean;
  signal?: AbortSignal;
}

interface RequestOptions extends CallOptions {
  method: string;
  body?: unknown;
  /** Public operations send no token. */
  anonymous: boolean;
  /** 'blob' for file downloads (a spreadsheet, a PDF): a successful answer is not parsed. */
  responseType: 'data' | 'blob';
  validate?: (data: unknown) => { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
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

/** The name a download's Content-Disposition gives: `filename*` (UTF-8, RFC 8187) before `filename`. */
function dispositionFileName(header: string | null): string | null {
  const encoded = header?.match(/filename\*=UTF-8''([^;\s]+)/i)?.[1];
  if (encoded)
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  return header?.match(/filename="([^"]*)"/i)?.[1] ?? null;
}

async function request(url: string, options: RequestOptions): Promise<unknown> {
  const { method, body, quiet = false, toastId, unauthorized = 'redirect', anonymous, responseType, signal, validate } = options;
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
    res = await fetch(url, { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    const error = new ApiError(0, 'Network error', 'The server could not be reached. Check your connection and try again.');
    if (!quiet) showErrorToast(error.statusText, error.serverMessage, toastId);
    throw error;
  }

  if (res.ok && responseType === 'blob') {
    // A File under the name the server gives the download, else a Blob.
    const name = dispositionFileName(res.headers.get('content-disposition'));
    return name ? new File([await res.arrayBuffer()], name, { type: res.headers.get('content-type') ?? '' }) : await res.blob();
  }
  const data = await parseBody(res);
  if (res.status === 401 && unauthorized === 'redirect') {
    clearToken();
    onUnauthorized();
    throw new ApiError(401, res.statusText || STATUS_TEXT[401], data);
  }
  // res.ok covers 200-299, 201 and 202 among them.
  if (!res.ok) {
    const error = new ApiError(res.status, res.statusText || STATUS_TEXT[res.status] || `HTTP ${res.status}`, data);
    if (!quiet) showErrorToast(error.statusText, error.serverMessage, toastId);
    throw error;
  }
  if (validate && data !== null) {
    const parsed = validate(data);
    if (!parsed.success) {
      const error = new ApiError(
        res.status,
        'Unexpected response',
        `The answer of ${url.split('?')[0]} did not match its contract: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      if (!quiet) showErrorToast(error.statusText, error.serverMessage, toastId);
      throw error;
    }
    return parsed.data;
  }
  return data;
}

/**
 * Calls an operation of the contract: its input typed by the operation's schemas, its answer
 * checked against the response schema and typed by it. Public operations send no token, and
 * their 401 (bad credentials) is an error to show, not a lost session.
 */
export function call<O extends OperationSpec>(op: O, input: OperationInput<O>, options: CallOptions = {}): Promise<OperationOutput<O>> {
  const isPublic = op.access === 'public';
  return request(operationUrl(op, input), {
    ...options,
    method: op.method,
    body: (input as { body?: unknown }).body,
    anonymous: isPublic && !options.session,
    unauthorized: isPublic ? 'throw' : options.unauthorized,
    responseType: 'data',
    validate: op.status === 204 || op.produces ? undefined : (data) => op.response.safeParse(data),
  }) as Promise<OperationOutput<O>>;
}

/** Downloads a file operation's answer as a Blob (a File when the server names it), with the same token, 401 and error handling. */
export function download<O extends OperationSpec>(op: O, input: OperationInput<O>, options: CallOptions = {}): Promise<Blob> {
  return request(operationUrl(op, input), { ...options, method: op.method, anonymous: op.access === 'public', responseType: 'blob' }) as Promise<Blob>;
}

/**
 * Whether a public file operation has a file at `input`, asked with HEAD so nothing is downloaded
 * (a frame that shows the file cannot tell a missing one from an empty one): the answer's status,
 * or 0 when the server cannot be reached. No toast: the screen says what it means.
 */
export async function fileStatus<O extends OperationSpec>(op: O, input: OperationInput<O>): Promise<number> {
  try {
    return (await fetch(operationUrl(op, input), { method: 'HEAD' })).status;
  } catch {
    return 0;
  }
}
