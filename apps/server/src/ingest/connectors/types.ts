// The contract between a network's connector and the runner: one page at a time, with a cursor
// the runner stores only after the page's posts were handed on.
import type { ConnectorPage, IngestScope, Post } from '../post.ts';

/** A cursor is plain JSON: it is stored in connector_cursors.cursor (jsonb). */
export type CursorValue = { [k: string]: string | number | boolean | null };

/**
 * What to do after a page:
 * - more: call again with the new cursor (the same sweep continues);
 * - done: this sweep is over; the next scheduled run starts a new one from the cursor;
 * - retry: the page failed (malformed, server error); the cursor did not move, try again;
 * - stop: a failure that more calls won't cure now (bad token, daily quota): stop this connector.
 */
export type PageNext = 'more' | 'done' | 'retry' | 'stop';

export interface PageOutcome<C extends CursorValue = CursorValue> {
  page: ConnectorPage;
  cursor: C;
  next: PageNext;
  /** Why the connector stopped or asked for a retry (a counted reason, never a token). */
  reason?: string;
  /** For a stop: what the operator should know or do, in words (logged; never a token). */
  detail?: string;
}

export interface Connector<C extends CursorValue = CursorValue> {
  /** Names the connector kind, e.g. 'x.search' or 'facebook.page'. */
  readonly name: string;
  /** Names the instance, e.g. a project id and query, a page id or a feed address. */
  readonly key: string;
  /**
   * Set when the connector reads with a project's own token (a linked profile), or reads a feed
   * only some projects' rules name: its posts go to the sink with this scope and are filed under
   * those projects only.
   */
  readonly scope?: IngestScope;
  /** Fetches the page the cursor points at (null: first run). Never throws for network faults. */
  fetchPage(cursor: C | null): Promise<PageOutcome<C>>;
}

/** The pipeline's entry point: the runner hands it each page's posts, with the connector's scope. */
export type PostSink = (posts: Post[], scope?: IngestScope) => Promise<void>;

/** A pino-compatible subset, so the server's logger plugs in; the default discards. */
export interface ConnectorLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  info?(obj: Record<string, unknown>, msg: string): void;
}

export const silentLog: ConnectorLog = { warn() {} };

export type Skip = ConnectorPage['skipped'][number];
