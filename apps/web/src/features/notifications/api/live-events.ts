// Live notifications: the server's event stream (GET /api/events, server-sent events) read with
// fetch, so the session token travels in the Authorization header as on every call and never in a
// URL (an EventSource could only put it there). Each `notification` event that differs from the
// last refreshes the notifications query, and the bell's count moves without a reload. The server
// ends a stream after a few minutes; it is reopened at once, and after a failure with a growing pause.
import { useQueryClient } from '@tanstack/react-query';
import { getEvents, getNotifications } from '@listening/contract';
import { useEffect } from 'react';
import { getToken, operationUrl } from '../../../api/client.ts';
import { invalidateOp } from '../../../api/op-query.ts';

const RETRY_MS = { first: 2000, max: 60_000 } as const;

/** Reads one stream to its end, calling onEvent with each event's name and data. */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent(event, data.join('\n'));
    }
  }
}

/** Keeps the notifications query live while the component is mounted and a session exists. */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof fetch !== 'function' || typeof ReadableStream === 'undefined') return;
    const stop = new AbortController();
    let last = '';
    let pause: number = RETRY_MS.first;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      const token = getToken();
      if (!token || stop.signal.aborted) return;
      let failed = false;
      try {
        const res = await fetch(operationUrl(getEvents, { query: {} }), {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: stop.signal,
          cache: 'no-store',
        });
        // Signed out or the session ended: the app's own calls handle that; nothing to reopen.
        if (res.status === 401) return;
        if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
        pause = RETRY_MS.first;
        await readEvents(res.body, (event, data) => {
          if (event !== 'notification' || data === last) return;
          // The first event of a stream only sets where we are, unless something changed while it was closed.
          const changed = last !== '';
          last = data;
          if (changed) void invalidateOp(queryClient, getNotifications);
        });
      } catch {
        failed = true;
      }
      if (stop.signal.aborted) return;
      timer = setTimeout(() => void open(), failed ? pause : 0);
      if (failed) pause = Math.min(pause * 2, RETRY_MS.max);
    };
    void open();
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
