import { describe, expect, it } from 'vitest';
import { readEvents } from './live-events.ts';

/** A stream delivering these chunks, as a network would split them. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const s of chunks) c.enqueue(enc.encode(s));
      c.close();
    },
  });
}

describe('readEvents', () => {
  it('reads events split across chunks, skips comments and retry lines, and joins multi-line data', async () => {
    const seen: [string, string][] = [];
    await readEvents(
      streamOf(['retry: 3000\n\nevent: notif', 'ication\ndata: {"unseen":3,', '"latestId":9}\n\n', ': heartbeat\n\n', 'data: a\r\ndata: b\r\n\r\n']),
      (e, d) => seen.push([e, d]),
    );
    expect(seen).toEqual([
      ['notification', '{"unseen":3,"latestId":9}'],
      ['message', 'a\nb'],
    ]);
  });
});
