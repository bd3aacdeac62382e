// Shared field readers and the checks every item passes before it becomes a Post: an item with
// no id, no body, no date or no author is skipped with a counted reason, never half-stored.
import type { Post } from '../post.ts';
import type { HttpResult } from './http.ts';
import type { CursorValue, PageOutcome, Skip } from './types.ts';

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
export function obj(v: unknown): Obj {
  return isObj(v) ? v : {};
}
/** A non-empty string (numbers become strings: some APIs send ids as numbers). */
export function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}
/** A count from a number or a numeric string (YouTube sends counts as strings). */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}
/** A date from ISO 8601 (with "+0000" offsets, as Graph API writes them), RFC 822, or epoch seconds. */
export function date(v: unknown): Date | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? new Date(v * 1000) : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export interface PostDraft extends Omit<Partial<Post>, 'author' | 'externalId' | 'body' | 'postedAt'> {
  streamId: number;
  externalId: unknown;
  body: unknown;
  postedAt: Date | undefined;
  author: { externalId: unknown; name?: unknown; handle?: string | null; followers?: number };
}

/** Checks a draft; a Skip says why it cannot be a post. */
export function toPost(d: PostDraft): Post | Skip {
  const externalId = str(d.externalId);
  if (!externalId) return { reason: 'missing_id' };
  const body = typeof d.body === 'string' ? d.body.trim() : '';
  if (!body) return { reason: 'empty_body', detail: externalId };
  if (!d.postedAt) return { reason: 'bad_date', detail: externalId };
  const authorId = str(d.author.externalId);
  if (!authorId) return { reason: 'missing_author', detail: externalId };
  const post: Post = {
    ...d,
    externalId,
    body,
    postedAt: d.postedAt,
    author: { ...d.author, externalId: authorId, name: str(d.author.name) ?? null },
  };
  for (const k of Object.keys(post) as (keyof Post)[]) if (post[k] === undefined) delete post[k];
  return post;
}

/** Collects one page's posts and skips. */
export class PageBuilder {
  readonly posts: Post[] = [];
  readonly skipped: Skip[] = [];
  add(p: Post | Skip | null): void {
    if (!p) return;
    if ('reason' in p) this.skipped.push(p);
    else this.posts.push(p);
  }
  skip(reason: string, detail?: string): void {
    this.skipped.push(detail ? { reason, detail } : { reason });
  }
  page() {
    return { posts: this.posts, skipped: this.skipped };
  }
}

/** A page that failed as a whole: the cursor stays, the reason is counted. */
export function failedPage<C extends CursorValue>(cursor: C, r: Extract<HttpResult, { ok: false }>): PageOutcome<C> {
  return {
    page: { posts: [], skipped: [{ reason: r.reason, ...(r.detail ? { detail: r.detail } : {}) }] },
    cursor,
    next: r.retryable ? 'retry' : 'stop',
    reason: r.reason,
    ...(r.detail ? { detail: r.detail } : {}),
  };
}

/** A well-formed answer whose shape is wrong (no list where one must be): retried like bad JSON. */
export function malformedPage<C extends CursorValue>(cursor: C, detail: string): PageOutcome<C> {
  return { page: { posts: [], skipped: [{ reason: 'malformed_page', detail }] }, cursor, next: 'retry', reason: 'malformed_page' };
}
