// A tiny local HTTP server for connector tests: 127.0.0.1, a random port, a handler per request,
// and one-shot faults (a rate-limit answer, a truncated body) keyed by the page they hit.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The body as sent, for checks JSON.parse would blur (int64 ids). */
  text: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** Sent as is: a truncated JSON body, an XML feed. */
  raw?: string;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFake(handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const u = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const fr: FakeRequest = { method: req.method ?? 'GET', path: decodeURIComponent(u.pathname), query: u.searchParams, headers: req.headers, body, text };
    requests.push(fr);
    let reply: FakeReply;
    try {
      reply = await handler(fr);
    } catch (e) {
      reply = { status: 500, json: { error: (e as Error).message } };
    }
    const payload = reply.raw ?? JSON.stringify(reply.json ?? {});
    res.writeHead(reply.status ?? 200, { 'content-type': reply.raw !== undefined ? 'text/plain' : 'application/json', ...reply.headers });
    res.end(payload);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // Keep-alive and hanging test connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** One-shot answers served before the real one, keyed by page (its token, or 'first'). */
export class Faults {
  private readonly queue = new Map<string, FakeReply[]>();
  constructor(init: Record<string, FakeReply[]> = {}) {
    for (const [k, v] of Object.entries(init)) this.queue.set(k, [...v]);
  }
  take(key: string | null | undefined): FakeReply | undefined {
    return this.queue.get(key ?? 'first')?.shift();
  }
}

/** Pages an array by offset tokens 'p<offset>', as the networks' opaque tokens do. */
export function paginate<T>(items: readonly T[], size: number, token: string | null | undefined): { slice: T[]; next: string | null } {
  const start = token ? Number(token.replace(/^p/, '')) || 0 : 0;
  const slice = items.slice(start, start + size);
  return { slice, next: start + size < items.length ? `p${start + size}` : null };
}

/** A JSON answer cut off halfway, as a dropped connection leaves it. */
export const truncated = (json: unknown = { data: [{ id: '1', text: 'cut' }] }): FakeReply => {
  const text = JSON.stringify(json);
  return { raw: text.slice(0, Math.floor(text.length / 2)) };
};
