// Within a network, each token waits on its own: five pages read with one token the network keeps
// answering 429 wait in that token's lane, and a page read with another token is collected
// meanwhile (before lanes, the five held every slot of the network).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setProfileToken } from '../crypto/profile-tokens.ts';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import type { FakeServer } from '../ingest/connectors/fakes/server.ts';
import { HttpClient } from '../ingest/connectors/http.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject } from '../ingest/testing.ts';
import { startNetworks } from '../test/collection-networks.ts';
import { migratedTestDb } from '../test/harness.ts';
import { runNetworkTick, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('56'.repeat(32)));
let h: DbHandle;
let fake: FakeServer;
let cfg: ConnectorJobConfig;
const busy = new Set(['t-busy']);

beforeAll(async () => {
  h = await migratedTestDb();
  const p = await seedProject(h.db, { name: 'Agency pages', streamIds: [8], rules: [{ bin: 'root', expression: 'brandsa' }] });
  // Five pages managed with one token (listed first, so they are planned first), one with another.
  for (const [pageId, token] of [...['101', '102', '103', '104', '105'].map((id) => [id, 't-busy']), ['100', 't-free']]) {
    const row = await h.db
      .insertInto('profiles')
      .values({ project_id: p.projectId, stream_id: 8, external_id: pageId, name: `Page ${pageId}`, handle: `page${pageId}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setProfileToken(h.db, row.id, token, keys);
  }
  invalidateRules(h.db);
  fake = await startNetworks({ 't-busy': 8, 't-free': 8 }, undefined, busy);
  cfg = { intervalMs: 60_000, xBearerToken: null, baseUrls: { graph: `${fake.url}/v18.0` }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
});
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

it("reads a page with one token while another token's five pages wait out the network's rate limit", async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Rate-limit waits last until the test lets go; the busy token is freed first.
  const http = new HttpClient({ outbound: TEST_OUTBOUND, timeoutMs: 2_000, sleep: (ms) => (ms >= 60_000 ? held : Promise.resolve()) });
  const turn = runNetworkTick(h.db, cfg, 'facebook', { log: { info() {}, warn() {} }, http });
  const freePage = () => h.db.selectFrom('clips').select('external_id').where('external_id', 'like', '100\\_%').execute();
  try {
    await expect.poll(async () => (await freePage()).length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
    // The busy token's pages are still waiting: nothing of theirs was answered but 429s.
    expect(fake.requests.filter((r) => r.headers.authorization === 'Bearer t-busy').length).toBeGreaterThanOrEqual(4);
  } finally {
    busy.clear();
    release();
    await turn;
  }
});
