// Shared test support: a fake clock whose sleep returns at once (recording the wait), an HTTP
// client wired to it, an in-memory PGlite cursor store, and a run that collects the sink's posts.
import { openDb } from '../../../db/connection.ts';
import { migrate } from '../../../db/migrate.ts';
import type { Post } from '../../post.ts';
import { dbCursorStore, type CursorStore } from '../cursor-store.ts';
import { HttpClient } from '../http.ts';
import { runConnector, type ConnectorReport, type RunOptions } from '../runner.ts';
import type { Connector } from '../types.ts';
import { migratedArchive } from '../../../test/pglite-snapshot.ts';

export const T0 = Date.UTC(2024, 0, 10, 12, 0, 0);

export function fakeClock(start = T0) {
  const sleeps: number[] = [];
  let now = start;
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

/**
 * The fakes listen on 127.0.0.1, which the HTTP client refuses by default (only public addresses):
 * tests say explicitly that private addresses are allowed, as OUTBOUND_ALLOW_PRIVATE=1 does.
 */
export const TEST_OUTBOUND = { allowPrivate: true } as const;

export function testHttp(clock = fakeClock()) {
  return new HttpClient({ sleep: clock.sleep, now: clock.now, timeoutMs: 2_000, backoffMs: 100, outbound: TEST_OUTBOUND });
}

export async function memoryStore(): Promise<{ store: CursorStore; close: () => Promise<void> }> {
  const h = await openDb({ databaseUrl: null, dataDir: ':memory:', loadDataDir: await migratedArchive() });
  await migrate(h.db);
  return { store: dbCursorStore(h.db), close: h.close };
}

/** Runs one connector into an array sink. */
export async function collect(connector: Connector, store: CursorStore, opts: Partial<RunOptions> = {}): Promise<{ posts: Post[]; report: ConnectorReport }> {
  const posts: Post[] = [];
  const report = await runConnector(connector, { store, sink: async (p) => void posts.push(...p), ...opts });
  return { posts, report };
}

export const ids = (posts: Post[]) => posts.map((p) => p.externalId);
