// Meta Graph API pieces shared by the Facebook and Instagram connectors: the error envelope
// {error:{message,type,code}}, its rate-limit codes, and the cursor-paged list {data, paging}.
import { apiUrl, boundedMessage, type HttpClient, type HttpResult, type Verdict } from '../ingest/connectors/http.ts';
import { failedPage, isObj, malformedPage, num, obj, PageBuilder, str, type Obj } from '../ingest/connectors/normalise.ts';
import type { CursorValue, PageOutcome } from '../ingest/connectors/types.ts';

/** App (4), user (17), page (32), API-specific (613) and business-use-case (80001-80014) limits. */
const RATE_CODES = new Set([4, 17, 32, 613]);
const isBucCode = (code: number) => code >= 80001 && code <= 80014;

/** Minutes until access returns, from the business-use-case usage header, when Meta sends it. */
function bucWaitMs(headers: Headers): number | undefined {
  const raw = headers.get('x-business-use-case-usage');
  if (!raw) return undefined;
  try {
    let max = 0;
    for (const entries of Object.values(JSON.parse(raw) as Record<string, { estimated_time_to_regain_access?: number }[]>))
      for (const e of entries) max = Math.max(max, Number(e.estimated_time_to_regain_access) || 0);
    return max > 0 ? max * 60_000 : undefined;
  } catch {
    return undefined;
  }
}

export function classifyGraph(status: number, body: unknown, headers: Headers): Verdict {
  const err = obj(obj(body).error);
  const code = num(err.code);
  if (status === 429 || (code !== undefined && (RATE_CODES.has(code) || isBucCode(code)))) {
    return { kind: 'rate_limit', reason: 'rate_limited', ...(bucWaitMs(headers) !== undefined ? { waitMs: bucWaitMs(headers) } : {}) };
  }
  // The network's own words (error.message), not only its error type ("OAuthException").
  const detail = boundedMessage(err.message, err.type);
  if (code === 190) return { kind: 'stop', reason: 'token_invalid', detail };
  if (code === 10 || code === 200 || (code !== undefined && code >= 200 && code < 300)) return { kind: 'stop', reason: 'permission_denied', detail };
  if (status >= 400 && status < 500 && code !== undefined) return { kind: 'stop', reason: `graph_error_${code}`, detail };
  return null;
}

/** Position in a list read oldest to newest (comments): the end is where the next run resumes. */
export interface TailCursor extends CursorValue {
  after: string | null;
}

export interface GraphList {
  items: unknown[];
  after: string | null;
  hasNext: boolean;
}

/** Reads one list page; null when the answer is not a list (the caller skips the page). */
export function readGraphList(body: unknown): GraphList | null {
  if (!isObj(body) || !Array.isArray(body.data)) return null;
  const paging = obj(body.paging);
  return { items: body.data, after: str(obj(paging.cursors).after) ?? null, hasNext: typeof paging.next === 'string' };
}

export function graphGet(http: HttpClient, url: URL, token: string): Promise<HttpResult> {
  // The token goes in the header, so that no address the client builds or logs carries it.
  return http.json({ url, headers: { authorization: `Bearer ${token}` }, classify: classifyGraph });
}

/**
 * One page of GET /{object-id}/comments, read from where the last run ended: the Facebook and
 * Instagram comment connectors differ only in the query (fields, page size, order) and in how a
 * comment is filed (`file` adds it, and any replies it carries, to the page).
 */
export async function graphCommentsPage(
  http: HttpClient,
  cfg: { baseUrl: string; accessToken: string; objectId: string; query: Record<string, string> },
  cursor: TailCursor | null,
  file: (comment: Obj, b: PageBuilder) => void,
): Promise<PageOutcome<TailCursor>> {
  const same = cursor ?? { after: null };
  const u = apiUrl(cfg.baseUrl, `/${encodeURIComponent(cfg.objectId)}/comments`);
  for (const [k, v] of Object.entries(cfg.query)) u.searchParams.set(k, v);
  if (same.after) u.searchParams.set('after', same.after);
  const r = await graphGet(http, u, cfg.accessToken);
  if (!r.ok) return failedPage(same, r);
  const list = readGraphList(r.body);
  if (!list) return malformedPage(same, 'no data array');
  const b = new PageBuilder();
  for (const c of list.items) {
    if (isObj(c)) file(c, b);
    else b.skip('malformed_item');
  }
  return { page: b.page(), cursor: { after: list.after ?? same.after }, next: list.hasNext ? 'more' : 'done' };
}
