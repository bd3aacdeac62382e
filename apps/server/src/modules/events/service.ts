// Live events over server-sent events (docs/jobs.md, "Live notifications"). One hub per database
// watches the notifications table for this process's open streams: a cheap query of the newest id
// every POLL_MS while any stream is open, and, when it moved, each connected user's unseen count
// and newest id, sent to that user's streams if they changed. Reading the table rather than an
// in-process signal is what lets a notification raised by any process (a worker, another API
// server) reach a stream held by this one.
import type { NotificationEvent } from '@listening/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/connection.ts';

export const POLL_MS = 2000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

interface Stream {
  userId: number;
  reply: FastifyReply;
  last: string;
  end: () => void;
}

export interface EventHub {
  open(userId: number, reply: FastifyReply, seconds: number): Promise<void>;
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
  const r = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.max('id').as('latest'), eb.fn.countAll<number>().filterWhere('seen_at', 'is', null).as('unseen')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
    s.last = data;
    write(s, `event: notification\ndata: ${data}\n\n`);
  };

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const r = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const id = Number(r?.id ?? 0);
      if (id === newest) return;
      newest = id;
      for (const s of [...streams]) await push(s);
    } catch {
      // The next poll tries again; a stream is never ended for a failed read.
    } finally {
      polling = false;
    }
  }

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
    async open(userId, reply, seconds) {
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
      const s: Stream = {
        userId,
        reply,
        last: '',
        end: () => {
          if (ended) return;
          ended = true;
          clearInterval(beat);
          clearTimeout(lifetime);
          streams.delete(s);
          stopIfIdle();
          if (!reply.raw.writableEnded) reply.raw.end();
        },
      };
      const beat = setInterval(() => write(s, `: heartbeat\n\n`), HEARTBEAT_MS);
      let lifetime: ReturnType<typeof setTimeout> | undefined = undefined;
      reply.raw.on('close', s.end);
      try {
        await push(s);
      } catch {
        s.end();
        return;
      }
      if (seconds === 0 || ended) return s.end();
      // Counted from the first event, so even a short stream carries it.
      lifetime = setTimeout(s.end, seconds * 1000);
      streams.add(s);
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
