// Runs a set of connectors: each page's posts go to the sink, and only then is the cursor saved,
// so a crash between the two repeats a page (storage is idempotent) but never loses one. One
// connector failing (a bug, a bad token, a sink error) never stops the others.
import type { CursorStore } from './cursor-store.ts';
import { silentLog, type Connector, type ConnectorLog, type CursorValue, type PostSink, type Skip } from './types.ts';

export interface RunOptions {
  store: CursorStore;
  sink: PostSink;
  log?: ConnectorLog;
  /** Pages per connector per run; the rest waits for the next run (keeps one run bounded). */
  maxPages?: number;
  /** Consecutive failed attempts at one page before this connector gives up for the run. */
  maxRetries?: number;
  /** Connectors fetched at once. */
  concurrency?: number;
  /** Checked between pages: a shutdown stops cleanly after the page in hand. */
  signal?: AbortSignal;
  /** Told of every skipped item or page, e.g. to count rejections in the database. */
  onSkipped?: (connector: Connector, skipped: Skip[]) => Promise<void> | void;
  /** Called as each instance's run ends, so a run killed part-way keeps what ended before. */
  onReport?: (report: ConnectorReport, index: number) => Promise<void> | void;
}

export type RunEnd = 'done' | 'page_limit' | 'stopped' | 'retries_exhausted' | 'aborted' | 'failed';

export interface ConnectorReport {
  connector: string;
  key: string;
  pages: number;
  posts: number;
  /** Skipped items and pages by reason. */
  skipped: Record<string, number>;
  ended: RunEnd;
  reason?: string;
  /** For a stop: what the connector said the operator should know or do. */
  detail?: string;
}

export async function runConnector(connector: Connector, opts: RunOptions): Promise<ConnectorReport> {
  const log = opts.log ?? silentLog;
  const maxPages = opts.maxPages ?? 50;
  const maxRetries = opts.maxRetries ?? 3;
  const report: ConnectorReport = { connector: connector.name, key: connector.key, pages: 0, posts: 0, skipped: {}, ended: 'page_limit' };
  const ids = { connector: connector.name, key: connector.key };
  const end = (ended: RunEnd, reason?: string) => {
    report.ended = ended;
    if (reason) report.reason = reason;
    return report;
  };

  let cursor: CursorValue | null;
  try {
    cursor = await opts.store.get(connector.name, connector.key);
  } catch (e) {
    log.warn({ ...ids, err: (e as Error).message }, 'connector: cursor read failed');
    return end('failed', 'cursor_read_failed');
  }

  let retries = 0;
  while (report.pages < maxPages) {
    if (opts.signal?.aborted) return end('aborted');
    let outcome;
    try {
      outcome = await connector.fetchPage(cursor);
    } catch (e) {
      // Connectors don't throw for network faults; this is a bug, kept to this connector.
      log.warn({ ...ids, err: (e as Error).message }, 'connector: fetch threw');
      return end('failed', 'connector_error');
    }

    if (outcome.page.skipped.length) {
      for (const s of outcome.page.skipped) report.skipped[s.reason] = (report.skipped[s.reason] ?? 0) + 1;
      log.warn({ ...ids, skipped: countReasons(outcome.page.skipped) }, 'connector: items skipped');
      try {
        await opts.onSkipped?.(connector, outcome.page.skipped);
      } catch (e) {
        log.warn({ ...ids, err: (e as Error).message }, 'connector: onSkipped failed');
      }
    }

    if (outcome.next === 'retry') {
      if (++retries > maxRetries) return end('retries_exhausted', outcome.reason);
      continue;
    }
    retries = 0;

    if (outcome.page.posts.length) {
      try {
        await opts.sink(outcome.page.posts, connector.scope);
      } catch (e) {
        // The cursor is not saved: the next run fetches this page again.
        log.warn({ ...ids, err: (e as Error).message }, 'connector: sink failed');
        return end('failed', 'sink_failed');
      }
    }
    try {
      await opts.store.put(connector.name, connector.key, outcome.cursor);
    } catch (e) {
      log.warn({ ...ids, err: (e as Error).message }, 'connector: cursor write failed');
      return end('failed', 'cursor_write_failed');
    }
    report.pages++;
    report.posts += outcome.page.posts.length;
    cursor = outcome.cursor;
    if (outcome.next === 'done') return end('done');
    if (outcome.next === 'stop') {
      if (outcome.detail) report.detail = outcome.detail;
      log.warn({ ...ids, reason: outcome.reason, detail: outcome.detail }, 'connector: stopped');
      return end('stopped', outcome.reason);
    }
  }
  return report;
}

/** Runs every connector, a few at a time; each report says how its run ended. */
export async function runConnectors(connectors: readonly Connector[], opts: RunOptions): Promise<ConnectorReport[]> {
  const reports: ConnectorReport[] = new Array(connectors.length);
  let next = 0;
  const worker = async () => {
    while (next < connectors.length) {
      const i = next++;
      const c = connectors[i];
      try {
        reports[i] = await runConnector(c, opts);
      } catch (e) {
        reports[i] = { connector: c.name, key: c.key, pages: 0, posts: 0, skipped: {}, ended: 'failed', reason: (e as Error).message };
      }
      await opts.onReport?.(reports[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, connectors.length)) }, worker));
  return reports;
}

function countReasons(skipped: Skip[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of skipped) out[s.reason] = (out[s.reason] ?? 0) + 1;
  return out;
}
