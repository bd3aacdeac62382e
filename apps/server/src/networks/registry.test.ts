import { describe, expect, it } from 'vitest';
import { memoryCursorStore } from '../ingest/connectors/cursor-store.ts';
import { fbPosts, FB_VERSION, startFacebookFake } from './facebook/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import { startXFake } from './x/fake.ts';
import { runConnectors } from '../ingest/connectors/index.ts';
import { createConnector, type ConnectorSpec } from './index.ts';
import type { Post } from '../ingest/post.ts';

describe('connector registry', () => {
  it('builds connectors from specs with configured base URLs and runs them side by side', async () => {
    const x = await startXFake({ token: 'xt' });
    const fb = await startFacebookFake({ token: 'ft' });
    const clock = fakeClock();
    const specs: ConnectorSpec[] = [
      { kind: 'x.search', bearerToken: 'xt', query: 'brand' },
      { kind: 'facebook.page', accessToken: 'ft', pageId: '100' },
      { kind: 'x.timeline', bearerToken: 'wrong', userId: '11' },
    ];
    const opts = { baseUrls: { x: x.url, graph: fb.url + FB_VERSION }, http: { sleep: clock.sleep, now: clock.now, outbound: TEST_OUTBOUND } };
    const got: Post[] = [];
    const reports = await runConnectors(
      specs.map((s) => createConnector(s, opts)),
      { store: memoryCursorStore(), sink: async (p) => void got.push(...p) },
    );
    await Promise.all([x.close(), fb.close()]);
    expect(reports.map((r) => [r.connector, r.ended])).toEqual([
      ['x.search', 'done'],
      ['facebook.page', 'done'],
      ['x.timeline', 'stopped'],
    ]);
    expect(got.filter((p) => p.streamId === 7)).toHaveLength(10);
    expect(got.filter((p) => p.streamId === 8 && !p.parentExternalId)).toHaveLength(fbPosts().length);
  });
});
