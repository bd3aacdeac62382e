// Collection bench: the whole collection sweep (every network's turn, as the job runner's network
// queues run them: runConnectorTick) against the project's own fakes of X, Facebook, Instagram,
// YouTube, LinkedIn, TikTok and a blog feed, on PGlite. It sweeps twice, each time on a fresh
// database (after one warm-up sweep): once with no limits (each network's own work), once with one network answering its
// first call with a 429 and a 15-minute Retry-After. Waits are compressed (--scale, default 300:
// the 15 minutes last 3 s); the other networks' requests and storage run at full speed. For each
// other network it prints how long its turn took beyond its own work (the second sweep's duration
// minus the first's, in real seconds; must stay under a second).
//   npm run bench -- collection [--limited instagram] [--wait-min 15] [--scale 300] [--json]
import { cpus } from 'node:os';
import { keyring, parseTokenKey } from '../apps/server/src/crypto/tokens.ts';
import { openDb } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { startBlogFake } from '../apps/server/src/networks/blog/fake.ts';
import { TEST_OUTBOUND } from '../apps/server/src/ingest/connectors/fakes/harness.ts';
import { startXFake } from '../apps/server/src/networks/x/fake.ts';
import { HttpClient } from '../apps/server/src/ingest/connectors/http.ts';
import { CONNECTOR_NETWORKS, runConnectorTick, type ConnectorNetwork } from '../apps/server/src/jobs/connectors.ts';
import { NETWORK_TOKENS, seedLinkedNetworks, startNetworks } from '../apps/server/src/test/collection-networks.ts';

const STREAMS: Partial<Record<ConnectorNetwork, number>> = { facebook: 8, instagram: 9, youtube: 10, linkedin: 11, tiktok: 12 };

function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

interface Sweep {
  /** Seconds from the sweep's start to the end of each network's turn. */
  turnS: Partial<Record<ConnectorNetwork, number>>;
  posts: Partial<Record<ConnectorNetwork, number>>;
  /** Waits the HTTP client was asked for, uncompressed, in seconds. */
  waitsS: number[];
}

/** One sweep on a fresh in-memory database, `limited` (if any) rate-limited for `waitS` on its first call. */
async function sweep(limited: { stream: number; retryAfterS: number } | undefined, scale: number): Promise<Sweep> {
  const keys = keyring(parseTokenKey('34'.repeat(32)));
  const h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  await migrate(h.db);
  const networks = await startNetworks(NETWORK_TOKENS, limited);
  const x = await startXFake({ token: 'xt' });
  const blog = await startBlogFake({ pageSize: 10 });
  try {
    await seedLinkedNetworks(h.db, keys, [7, 8, 9, 10, 11, 12, 13]);
    const waitsS: number[] = [];
    const http = new HttpClient({
      outbound: TEST_OUTBOUND,
      sleep: (ms) => {
        waitsS.push(ms / 1000);
        return new Promise((r) => setTimeout(r, ms / scale));
      },
    });
    const cfg = {
      intervalMs: 300_000,
      xBearerToken: 'xt',
      tiktokResearch: { clientKey: 'research-key', clientSecret: 'research-secret' },
      baseUrls: { x: x.url, graph: `${networks.url}/v18.0`, youtube: networks.url, linkedin: networks.url, tiktok: networks.url },
      blogFeeds: [`${blog.url}/feed`],
      tokenKeys: keys,
      outbound: TEST_OUTBOUND,
    };
    const turnS: Sweep['turnS'] = {};
    const posts: Sweep['posts'] = {};
    const t0 = performance.now();
    await runConnectorTick(h.db, cfg, {
      log: { info() {}, warn() {} },
      http,
      onNetworkEnd: (network, reports) => {
        turnS[network] = (performance.now() - t0) / 1000;
        posts[network] = reports.reduce((n, r) => n + r.posts, 0);
      },
    });
    return { turnS, posts, waitsS };
  } finally {
    await Promise.all([networks.close(), x.close(), blog.close()]);
    await h.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const limitedNetwork = arg(args, 'limited', 'instagram') as ConnectorNetwork;
  const stream = STREAMS[limitedNetwork];
  if (!stream) throw new Error(`--limited must be one of ${Object.keys(STREAMS).join(', ')}`);
  const waitS = Number(arg(args, 'wait-min', '15')) * 60;
  const scale = Number(arg(args, 'scale', '300'));
  const json = args.includes('--json');

  await sweep(undefined, scale); // warm-up: the first sweep of a process pays for compiling and the enrich workers' start
  const alone = await sweep(undefined, scale);
  const limited = await sweep({ stream, retryAfterS: waitS }, scale);
  const out: Record<string, { waitedBeyondOwnWorkS: number }> = {};
  const rows: string[] = [];
  for (const network of CONNECTOR_NETWORKS) {
    const own = alone.turnS[network];
    const took = limited.turnS[network];
    if (own === undefined || took === undefined) continue;
    const beyond = Math.max(0, took - own);
    if (network !== limitedNetwork) out[network] = { waitedBeyondOwnWorkS: Number(beyond.toFixed(3)) };
    rows.push(
      `${network.padEnd(10)} own work ${own.toFixed(3)} s, in the sweep ${took.toFixed(3)} s, ${network === limitedNetwork ? `rate-limited (${(waitS / 60).toFixed(0)} min asked, ${(waitS / scale).toFixed(1)} s compressed)` : `waited beyond its own work ${beyond.toFixed(3)} s`}, ${limited.posts[network]} posts`,
    );
  }
  if (json) {
    console.log(
      JSON.stringify({
        networks: out,
        machine: `${cpus()[0]?.model ?? 'unknown cpu'} x ${cpus().length}, node ${process.version}, PGlite`,
        limited: limitedNetwork,
        waitS,
        scale,
      }),
    );
    return;
  }
  console.log(`one sweep of every network, ${limitedNetwork} answering 429 with Retry-After ${waitS} s (waits compressed ${scale}x)`);
  for (const r of rows) console.log(`  ${r}`);
  const worst = Math.max(...Object.values(out).map((o) => o.waitedBeyondOwnWorkS));
  console.log(`longest wait of another network beyond its own work: ${worst.toFixed(3)} s (must be under 1 s)`);
  console.log(`waits asked of the HTTP client in the limited sweep: ${limited.waitsS.map((s) => `${s} s`).join(', ') || 'none'}`);
}
