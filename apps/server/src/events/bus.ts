// One event bus per database (docs/scaling.md, "The event bus"): word that shared data moved, so
// every process that keeps something in memory about it (the rule set, the people index's rejected
// rows, the live notification streams) acts at once instead of on its next timer. On PostgreSQL an
// event is a NOTIFY on one channel, sent on the caller's connection (inside a transaction it leaves
// only at commit, so no process hears of a change before it can read it), and each process LISTENs
// on a dedicated connection that reopens by itself; on PGlite there is one process, so the bus stays
// in it. Events carry ids only, never a row: a receiver reads what it may show from the database.
// Every receiver treats an event as a hint (its timer stays as a backstop), so an event lost while
// a connection reopened costs only the wait for that timer.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.ts';

export const CHANNEL = 'listening_events';

export type BusEvent =
  /** Rules, bins, projects, profiles or clients changed: the rule set is compiled again (ingest/rules.ts). */
  | { kind: 'rules' }
  /** Rejected rows of these bins moved (analytics/rejections.ts). */
  | { kind: 'rejections'; binIds: number[] }
  /** Notifications were raised for these users (modules/events/service.ts). */
  | { kind: 'notifications'; userIds: number[] }
  /** A client's sentiment adaptation was put in use or dropped: ingestion loads them again (ingest/client-sentiment.ts). */
  | { kind: 'sentiment-models' };

type Kind = BusEvent['kind'];
type Listener<K extends Kind> = (event: Extract<BusEvent, { kind: K }>) => void;

interface Bus {
  listeners: Map<Kind, Set<(event: BusEvent) => void>>;
  /** Set on PostgreSQL once startBus has run: events then go through NOTIFY. */
  postgres: boolean;
  /** This bus, on the events it sends: one that delivered them already skips its own. */
  origin: string;
}

// Keyed by the executor's adapter, which a transaction shares with the database it was opened on,
// so an event sent inside a transaction finds its database's bus.
const buses = new WeakMap<object, Bus>();
const keyOf = (db: Db): object => db.getExecutor().adapter;

function busOf(db: Db): Bus {
  const key = keyOf(db);
  let bus = buses.get(key);
  if (!bus) buses.set(key, (bus = { listeners: new Map(), postgres: false, origin: randomBytes(6).toString('hex') }));
  return bus;
}

function deliver(bus: Bus, event: BusEvent): void {
  for (const listener of bus.listeners.get(event.kind) ?? [])
    try {
      listener(event);
    } catch (err) {
      console.warn(`listening: an event listener failed (${(err as Error).message})`);
    }
}

/** Calls `listener` with each event of this kind, raised by this process or by another one; answers how to stop. */
export function onEvent<K extends Kind>(db: Db, kind: K, listener: Listener<K>): () => void {
  const bus = busOf(db);
  let set = bus.listeners.get(kind);
  if (!set) bus.listeners.set(kind, (set = new Set()));
  const call = listener as unknown as (event: BusEvent) => void;
  set.add(call);
  return () => set.delete(call);
}

/**
 * Raises an event. Inside a transaction, pass the transaction: on PostgreSQL the event then leaves
 * at commit (and not at all on a rollback), to this process too; outside one, this process's
 * listeners are called at once and the others' when the NOTIFY reaches them. On PGlite they are
 * called at once either way: a transaction holds the only connection, so a listener's read waits
 * for its commit.
 */
export async function publish(db: Db, event: BusEvent): Promise<void> {
  const bus = busOf(db);
  const atCommit = bus.postgres && db.isTransaction;
  if (!atCommit) deliver(bus, event);
  if (!bus.postgres) return;
  for (const part of pieces(event)) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(atCommit ? part : { ...part, o: bus.origin })})`.execute(db);
}

/** Ids per NOTIFY: a payload must stay under PostgreSQL's 8,000 bytes. */
export const IDS_PER_NOTIFY = 500;

/** The event in payloads small enough for NOTIFY: a long list of ids split over several. */
function pieces(event: BusEvent): BusEvent[] {
  const ids = event.kind === 'rejections' ? event.binIds : event.kind === 'notifications' ? event.userIds : null;
  if (!ids || ids.length <= IDS_PER_NOTIFY) return [event];
  const out: BusEvent[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
    const slice = ids.slice(i, i + IDS_PER_NOTIFY);
    out.push(event.kind === 'rejections' ? { kind: 'rejections', binIds: slice } : { kind: 'notifications', userIds: slice });
  }
  return out;
}

/**
 * Says that these users have new notifications (call with the transaction that wrote them, if
 * any): every process's open live streams of theirs are told (modules/events/service.ts).
 */
export function notificationsRaised(db: Db, userIds: readonly number[]): Promise<void> {
  return userIds.length ? publish(db, { kind: 'notifications', userIds: [...new Set(userIds)] }) : Promise.resolve();
}

/** publish() for callers that cannot wait (a failure is only warned of: the receivers' timers are the backstop). */
export function publishSoon(db: Db, event: BusEvent): void {
  publish(db, event).catch((err: Error) => console.warn(`listening: an event was not sent to other processes (${err.message})`));
}

/** How long the listening connection waits before opening again after it was lost. */
export const RECONNECT_MS = 1_000;

/**
 * On PostgreSQL: sends this database's events through NOTIFY and hears the other processes' on a
 * connection of its own, opened again whenever it is lost (a restart, a failover). Answers how to stop.
 */
export async function startBus(db: Db, databaseUrl: string, opts: { connectionOptions?: string } = {}): Promise<() => Promise<void>> {
  const bus = busOf(db);
  bus.postgres = true;
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;

  const onNotification = (m: pg.Notification) => {
    if (m.channel !== CHANNEL || !m.payload) return;
    let parsed: BusEvent & { o?: string };
    try {
      parsed = JSON.parse(m.payload) as BusEvent & { o?: string };
    } catch {
      return;
    }
    if (parsed.o === bus.origin) return; // delivered already when it was raised
    const { o: _origin, ...event } = parsed;
    deliver(bus, event as BusEvent);
  };

  const connect = async (): Promise<void> => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl, options: opts.connectionOptions });
    // A lost connection is opened again; its error must not end the process.
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
      if (!stopped && !timer) timer = setTimeout(() => void connect(), RECONNECT_MS);
    });
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => undefined));
      client = c;
      if (warned) console.warn('listening: the event bus listens again');
      warned = false;
      // Whatever was raised while not listening is unknown: every receiver looks again.
      if (reopened)
        for (const event of [{ kind: 'rules' }, { kind: 'notifications', userIds: [] }, { kind: 'sentiment-models' }] satisfies BusEvent[]) deliver(bus, event);
      reopened = true;
    } catch (err) {
      if (!warned) console.warn(`listening: the event bus cannot listen (${(err as Error).message}); trying again every ${RECONNECT_MS} ms`);
      warned = true;
      await c.end().catch(() => undefined);
      if (!stopped && !timer) timer = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  let reopened = false;
  await connect();

  return async () => {
    stopped = true;
    bus.postgres = false;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
