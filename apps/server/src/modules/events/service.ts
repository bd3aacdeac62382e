// Live events over server-sent events (docs/jobs.md, "Live notifications"). One hub per database
// watches the notifications table for this process's open streams. A notification raised by any
// process (a worker, another API server) is an event on the bus (events/bus.ts): the hub then reads
// the named users' unseen count and newest id at once and sends them to their streams if they
// changed. The event carries only user ids; what a stream shows is read from the table for its own
// user. As a backstop for an event lost (the bus reconnecting), a cheap query of the newest id
// every POLL_MS while any stream is open does the same for every stream when it moved. A stream outlives the request's session check, so the
// session is checked again every `checkMs` and before each event: a logout, a revoke or the end of
// the user's client access ends the stream (docs/security.md, "Sessions and passwords").
import { EVENT_STREAMS_PER_USER, type NotificationEvent } from '@listening/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../errors.ts';
import { onEvent } from '../../events/bus.ts';
import * as q from './queries.ts';

export const POLL_MS = 2000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

export const tooManyStreams = () =>
  new HttpError(429, `At most ${EVENT_STREAMS_PER_USER} live event streams per user are open at once: close another tab of the app first`);

interface Stream {
  userId: number;
  reply: FastifyReply;
  last: string;
  /** False until the first event is written: the poller leaves it alone until then. */
  started: boolean;
  stillOpen: () => Promise<boolean>;
  end: () => void;
}

export interface OpenStream {
  userId: number;
  /** How long the stream lasts, from its first event. */
  seconds: number;
  /** Whether the session that opened the stream is still open. */
  stillOpen: () => Promise<boolean>;
  /** How often stillOpen is asked besides before each event. */
  checkMs: number;
}

export interface EventHub {
  /** Answers the stream, or throws 429 (nothing written) when the user has EVENT_STREAMS_PER_USER open already. */
  open(reply: FastifyReply, stream: OpenStream): Promise<void>;
  /** Ends every open stream (the server is stopping). */
  closeAll(): void;
  /** Open streams (tests, health). */
  readonly size: number;
}

const hubs = new WeakMap<Db, EventHub>();

export function eventHub(db: Db): EventHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = createHub(db)));
  return hub;
}

async function stateOf(db: Db, userId: number): Promise<NotificationEvent> {
  const r = await q.notificationState(db, userId);
  return { unseen: Number(r?.unseen ?? 0), latestId: r?.latest == null ? null : Number(r.latest) };
}

function createHub(db: Db): EventHub {
  const streams = new Set<Stream>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let newest = -1;
  let polling = false;

  const write = (s: Stream, chunk: string) => {
    if (!s.reply.raw.writableEnded) s.reply.raw.write(chunk);
  };
  const push = async (s: Stream) => {
    const state = await stateOf(db, s.userId);
    const data = JSON.stringify(state);
    if (data === s.last) return;
    // No event leaves after the session has ended, whatever the periodic check has seen yet.
    if (s.started && !(await s.stillOpen())) return s.end();
    s.last = data;
    write(s, `event: notification\ndata: ${data}\n\n`);
  };

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const r = await q.newestNotificationId(db);
      const id = Number(r?.id ?? 0);
      if (id === newest) return;
      newest = id;
      for (const s of [...streams]) if (s.started) await push(s);
    } catch {
      // The next poll tries again; a stream is never ended for a failed read.
    } finally {
      polling = false;
    }
  }

  // An empty list (the bus reopened after missing events) means every stream.
  let nudging: Promise<void> = Promise.resolve();
  onEvent(db, 'notifications', ({ userIds }) => {
    if (streams.size === 0) return;
    const users = new Set(userIds);
    nudging = nudging
      .then(async () => {
        for (const s of [...streams]) if (s.started && (users.size === 0 || users.has(s.userId))) await push(s);
      })
      // The poll is the backstop: a stream is never ended for a failed read.
      .catch(() => undefined);
  });

  function stopIfIdle() {
    if (streams.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      newest = -1;
    }
  }

  return {
    get size() {
      return streams.size;
    },
    async open(reply, { userId, seconds, stillOpen, checkMs }) {
      // Counted with the streams still being opened, so a burst of requests cannot pass the cap together.
      if ([...streams].filter((x) => x.userId === userId).length >= EVENT_STREAMS_PER_USER) throw tooManyStreams();
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      reply.raw.write(`retry: 3000\n\n`);
      let ended = false;
      let checking = false;
      const s: Stream = {
        userId,
        reply,
        last: '',
        started: false,
        stillOpen,
        end: () => {
          if (ended) return;
          ended = true;
          clearInterval(beat);
          clearInterval(check);
          clearTimeout(lifetime);
          streams.delete(s);
          stopIfIdle();
          if (!reply.raw.writableEnded) reply.raw.end();
        },
      };
      streams.add(s);
      const beat = setInterval(() => write(s, `: heartbeat\n\n`), HEARTBEAT_MS);
      const check = setInterval(() => {
        if (checking) return;
        checking = true;
        stillOpen()
          .then((open) => open || s.end())
          // A failed read is not a closed session: the next check asks again.
          .catch(() => undefined)
          .finally(() => (checking = false));
      }, checkMs);
      let lifetime: ReturnType<typeof setTimeout> | undefined = undefined;
      reply.raw.on('close', s.end);
      try {
        await push(s);
      } catch {
        s.end();
        return;
      }
      if (seconds === 0 || ended) return s.end();
      s.started = true;
      // Counted from the first event, so even a short stream carries it.
      lifetime = setTimeout(s.end, seconds * 1000);
      if (!timer) {
        timer = setInterval(() => void poll(), POLL_MS);
        timer.unref?.();
      }
    },
    closeAll() {
      for (const s of [...streams]) s.end();
    },
  };
}
