// Shared test support: a fake clock whose sleep returns at once (recording the wait), an HTTP
// client wired to it, and a run that collects the sink's posts.
import type { Post } from '../../post.ts';
import type { CursorStore } from '../cursor-store.ts';
import { HttpClient } from '../http.ts';
import { runConnector, type ConnectorReport, type RunOptions } from '../runner.ts';
import type { Connector } from '../types.ts';

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

/** Runs one connector into an array sink. */
export async function collect(connector: Connector, store: CursorStore, opts: Partial<RunOptions> = {}): Promise<{ posts: Post[]; report: ConnectorReport }> {
  const posts: Post[] = [];
  const report = await runConnector(connector, { store, sink: async (p) => void posts.push(...p), ...opts });
  return { posts, report };
}

export const ids = (posts: Post[]) => posts.map((p) => p.externalId);
