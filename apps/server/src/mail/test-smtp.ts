// A loopback SMTP server for tests: keeps each message it accepted (answered 250 to), and lets a
// test act when a message arrives, before it is accepted (to kill the sender mid-send).
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  subject: string;
  messageId: string;
  body: string;
}

/** Decodes RFC 2047 words (=?UTF-8?Q?...?= and ?B?) of a header. */
function decodeWords(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Listens on `port` (a free one unless told). */
export async function loopbackSmtp(opts: { port?: number; onMessage?: (n: number, m: Received) => 'accept' | 'hold' } = {}) {
  const received: Received[] = [];
  let arrived = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A loopback client: no name to look up, and no DNS wait before the greeting.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => decodeWords(head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '');
        const m: Received = {
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: header('Subject'),
          messageId: header('Message-ID'),
          body: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        };
        // 'hold': never answered, so never delivered as far as SMTP is concerned.
        if ((opts.onMessage?.(++arrived, m) ?? 'accept') === 'hold') return;
        received.push(m);
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', () => r()));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** How many of the messages each recipient received. */
export const perRecipient = (received: Received[]) => received.reduce<Record<string, number>>((m, r) => ((m[r.to] = (m[r.to] ?? 0) + 1), m), {});
