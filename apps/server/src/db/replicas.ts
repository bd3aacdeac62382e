// Read replicas (DATABASE_READ_URL; docs/scaling.md, "Read replicas"). The screens that only read
// figures (dashboards, analysis, listings, reports' downloads: http/replica-reads.ts) run their
// requests in a read context; in it, a statement that only reads and is not part of a transaction
// goes to a replica, everything else to the primary. A replica is used only while it is within
// MAX_LAG_MS of the primary, measured every CHECK_EVERY_MS by comparing its replayed WAL position
// with the primary's recent positions; one that lags further or does not answer is left out until
// it catches up. A user who changed something moments ago reads from the primary (route.ts), so
// their own change is never missing from what they see next. With the primary away, reads carry
// on from a replica that answers.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** How far behind the primary a replica may be and still be read from. */
export const MAX_LAG_MS = Number(process.env.READ_REPLICA_MAX_LAG_MS) > 0 ? Number(process.env.READ_REPLICA_MAX_LAG_MS) : 5_000;
const CHECK_EVERY_MS = 1_000;
/** The primary's WAL positions kept to measure lag against (one a check). */
const SAMPLES = 120;

export interface ReadContext {
  /** Set by the request: may its reads go to a replica? */
  replica: boolean;
  /** Where its reads went (the last that ran): for the x-listening-read answer header and tests. */
  readFrom?: 'replica' | 'primary';
}

export const readContext = new AsyncLocalStorage<ReadContext>();

/** "16/B374D848" as a number, to compare positions. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

interface Replica {
  url: string;
  pool: pg.Pool;
  /** Milliseconds behind the primary at the last check; Infinity when unknown or not answering. */
  lagMs: number;
  lastError: string | null;
}

export interface ReplicaStatus {
  host: string;
  lagMs: number | null;
  used: boolean;
  lastError: string | null;
}

export class ReplicaSet {
  readonly replicas: Replica[];
  /** [time, position] of the primary, newest last. */
  private samples: [number, bigint][] = [];
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  primaryAnswering = true;

  constructor(
    private primary: pg.Pool,
    urls: string[],
    onConnectionError: (err: Error) => void,
  ) {
    this.replicas = urls.map((url) => {
      const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
      pool.on('error', onConnectionError);
      pool.on('connect', (c) => c.on('error', onConnectionError));
      return { url, pool, lagMs: Number.POSITIVE_INFINITY, lastError: 'not checked yet' };
    });
  }

  /** Checks now, then every CHECK_EVERY_MS. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async check(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      this.samples.push([now, lsnValue(rows[0].lsn)]);
      if (this.samples.length > SAMPLES) this.samples.shift();
      this.primaryAnswering = true;
    } catch {
      this.primaryAnswering = false;
    }
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const { rows } = await r.pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
          if (!rows[0].lsn) throw new Error('not a standby (no WAL replayed)');
          r.lagMs = this.lagOf(lsnValue(rows[0].lsn), Date.now());
          r.lastError = null;
        } catch (err) {
          r.lagMs = Number.POSITIVE_INFINITY;
          r.lastError = (err as Error).message;
        }
      }),
    );
  }

  /** How long ago the primary was last at or behind `replayed`: the replica holds everything up to then. */
  private lagOf(replayed: bigint, now: number): number {
    // With the primary away nothing new is written: a replica that answers is as fresh as can be.
    if (!this.primaryAnswering) return 0;
    for (let i = this.samples.length - 1; i >= 0; i--) if (this.samples[i][1] <= replayed) return now - this.samples[i][0];
    return Number.POSITIVE_INFINITY;
  }

  /** A replica within MAX_LAG_MS, taken in turn; null when none is. */
  pick(): Replica | null {
    const fresh = this.replicas.filter((r) => r.lagMs <= MAX_LAG_MS);
    if (fresh.length === 0) return null;
    return fresh[this.next++ % fresh.length];
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({
      host: new URL(r.url).host,
      lagMs: Number.isFinite(r.lagMs) ? r.lagMs : null,
      used: r.lagMs <= MAX_LAG_MS,
      lastError: r.lastError,
    }));
  }

  async end(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }
}

// A statement that only reads: SELECT or WITH, and nothing that writes, locks or moves a sequence.
const READS = /^\s*(select|with)\b/i;
const NOT_ONLY_READS =
  /\b(insert|update|delete|merge|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_advisory|pg_try_advisory|set_config|pg_notify|txid_current|pg_current_xact_id)\b/i;
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end)\b/i;

type Client = pg.PoolClient;

/**
 * A pool for Kysely that sends each statement of a read context to a replica when it only reads,
 * outside a transaction, and a fresh replica is there; everything else to the primary. A
 * replica's failure mid-read sends that read to the primary.
 */
export function routingPool(primary: pg.Pool, replicas: ReplicaSet) {
  return {
    async connect() {
      const ctx = readContext.getStore();
      if (!ctx?.replica) {
        if (ctx) ctx.readFrom = 'primary';
        return primary.connect();
      }
      let primaryClient: Client | null = null;
      let replicaClient: Client | null = null;
      let replica: Replica | null = null;
      let inTransaction = false;
      const onPrimary = async () => (primaryClient ??= await primary.connect());
      return {
        async query(text: unknown, params?: unknown[]) {
          if (typeof text === 'string' && BEGINS.test(text)) inTransaction = true;
          const onlyReads = typeof text === 'string' && !inTransaction && READS.test(text) && !NOT_ONLY_READS.test(text);
          if (typeof text === 'string' && ENDS.test(text)) inTransaction = false;
          if (onlyReads) {
            replica ??= replicas.pick();
            if (replica) {
              try {
                replicaClient ??= await replica.pool.connect();
                const result = await replicaClient.query(text, params);
                ctx.readFrom = 'replica';
                return result;
              } catch (err) {
                // The replica went away mid-read: left out until its next good check; the primary answers.
                replica.lagMs = Number.POSITIVE_INFINITY;
                replica.lastError = (err as Error).message;
                replicaClient?.release(true);
                replicaClient = null;
                replica = null;
              }
            }
            ctx.readFrom = 'primary';
          }
          return (await onPrimary()).query(text as string, params);
        },
        release(destroy?: boolean) {
          primaryClient?.release(destroy);
          replicaClient?.release(destroy);
        },
      };
    },
    async end() {
      await replicas.end();
      await primary.end();
    },
  };
}
