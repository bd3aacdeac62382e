import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from './fakes/harness.ts';
import { startFake, type FakeReply, type FakeServer } from './fakes/server.ts';
import { HttpClient, isPublicAddress, redactUrl, retryAfterMs } from './http.ts';

// The fakes listen on 127.0.0.1, which the client refuses unless told otherwise.
const LOCAL = { allowPrivate: true };

let fake: FakeServer | undefined;
afterEach(async () => fake?.close());

async function serve(replies: FakeReply[]) {
  let i = 0;
  fake = await startFake(() => replies[Math.min(i++, replies.length - 1)]);
  return fake;
}

describe('http helper', () => {
  it('retries a 5xx with doubling backoff, then succeeds', async () => {
    const f = await serve([{ status: 502, raw: 'bad gateway' }, { status: 503, json: {} }, { json: { ok: 1 } }]);
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, now: clock.now, backoffMs: 100, outbound: LOCAL }).json({ url: f.url });
    expect(r).toMatchObject({ ok: true, body: { ok: 1 } });
    expect(clock.sleeps).toEqual([100, 200]);
  });

  it('gives a 5xx up after the bounded retries, as a retryable failure', async () => {
    const f = await serve([{ status: 500, json: {} }]);
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, serverRetries: 2, backoffMs: 10, outbound: LOCAL }).json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'http_5xx', retryable: true });
    expect(f.requests).toHaveLength(3);
  });

  it('turns a body that is not JSON into a retryable malformed_json', async () => {
    const f = await serve([{ raw: '{"data":[{"id":' }]);
    const r = await new HttpClient({ outbound: LOCAL }).json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'malformed_json', retryable: true });
  });

  it('does not hold a worker for a rate-limit wait longer than allowed', async () => {
    const f = await serve([{ status: 429, headers: { 'retry-after': '3600' }, json: {} }]);
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, maxWaitMs: 60_000, outbound: LOCAL }).json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'rate_limited', retryable: false });
    expect(clock.sleeps).toEqual([]);
  });

  it('times out a request that never answers', async () => {
    fake = await startFake(() => new Promise<FakeReply>(() => {}));
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, timeoutMs: 50, serverRetries: 1, outbound: LOCAL }).json({ url: fake.url });
    expect(r).toMatchObject({ ok: false, reason: 'timeout', retryable: true });
  });

  it('masks secrets in logged addresses and reads Retry-After dates', () => {
    expect(redactUrl('https://graph.example/v18.0/1/posts?access_token=SECRET&limit=5')).toBe('https://graph.example/v18.0/1/posts?access_token=***&limit=5');
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(70_000).toUTCString() }), 10_000)).toBe(60_000);
  });
  it('refuses loopback, private, link-local and metadata addresses by default, before sending anything', async () => {
    const f = await serve([{ json: { ok: 1 } }]);
    expect(await new HttpClient().json({ url: f.url })).toMatchObject({ ok: false, reason: 'blocked_address', retryable: false });
    expect(f.requests).toHaveLength(0);
    // A public-looking name that resolves to a private address is refused too, without a request.
    const sent: string[] = [];
    const fetch = (async (u: string | URL) => (sent.push(String(u)), new Response('{}'))) as typeof globalThis.fetch;
    const resolvingTo = (addrs: string[]) => new HttpClient({ fetch, lookup: async () => addrs });
    expect(await resolvingTo(['10.1.2.3']).send({ url: 'https://feeds.example.com/rss' })).toMatchObject({ ok: false, reason: 'blocked_address' });
    expect(await resolvingTo(['93.184.216.34', '169.254.169.254']).send({ url: 'https://feeds.example.com/rss' })).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
    for (const url of [
      'http://[::1]:8080/',
      'http://2130706433/',
      'http://0/',
      'http://localhost./',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'ftp://example.com/x',
    ])
      expect(
        await new HttpClient({ fetch, lookup: async (h) => (h.startsWith('localhost') ? ['127.0.0.1'] : ['93.184.216.34']) }).send({ url }),
        url,
      ).toMatchObject({ ok: false, reason: 'blocked_address' });
    expect(sent).toEqual([]);
    expect(await resolvingTo(['93.184.216.34']).send({ url: 'https://feeds.example.com/rss' })).toMatchObject({ ok: true });
    expect(sent).toEqual(['https://feeds.example.com/rss']);
  });

  it('tells public addresses from loopback, private, link-local, unique-local and metadata ones', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      // 6to4 of private, loopback, metadata and "this network" addresses (the IPv4 address in bits 16-48).
      '2002:c0a8:101::1',
      '2002:7f00:1::',
      '2002:a9fe:a9fe:1:2:3:4:5',
      '2002:a00:1::1',
      '2002::1',
      // Local-use NAT64, whatever IPv4 address it seems to carry.
      '64:ff9b:1::808:808',
      '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
      // Teredo, whose client address (inverted in the last 32 bits) here is 192.168.1.1.
      '2001:0:4136:e378:8000:63bf:3f57:fefe',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:db9::1',
      '2001:4860:4860::8888',
    ])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('allows private addresses when configured: for all, or for allow-listed hosts only', async () => {
    const f = await serve([{ json: { ok: 1 } }]);
    expect(await new HttpClient({ outbound: { allowPrivate: true } }).json({ url: f.url })).toMatchObject({ ok: true });
    expect(await new HttpClient({ outbound: { allowHosts: ['127.0.0.1'] } }).json({ url: f.url })).toMatchObject({ ok: true });
    expect(await new HttpClient({ outbound: { allowHosts: ['other.example'] } }).json({ url: f.url })).toMatchObject({ ok: false, reason: 'blocked_address' });
  });

  it('follows redirects itself, checking every hop and dropping credentials on another origin', async () => {
    const other = await startFake(() => ({ json: { landed: 1 } }));
    try {
      const f = await serve([{ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }]);
      expect(await new HttpClient({ outbound: { allowHosts: ['127.0.0.1'] } }).json({ url: f.url })).toMatchObject({ ok: false, reason: 'blocked_address' });
      await f.close();
      const g = await serve([{ status: 301, headers: { location: `${other.url}/moved` } }]);
      const r = await new HttpClient({ outbound: LOCAL }).json({ url: g.url, headers: { authorization: 'Bearer secret' } });
      expect(r).toMatchObject({ ok: true, body: { landed: 1 } });
      expect(g.requests[0].headers.authorization).toBe('Bearer secret');
      expect(other.requests.map((q) => [q.path, q.headers.authorization])).toEqual([['/moved', undefined]]);
      const loop = await startFake((q) => ({ status: 302, headers: { location: `/r${q.path.length}` } }));
      expect(await new HttpClient({ outbound: LOCAL }).json({ url: loop.url })).toMatchObject({ ok: false, reason: 'too_many_redirects', retryable: false });
      await loop.close();
    } finally {
      await other.close();
    }
  });

  it('stops reading a body larger than the cap, with a counted reason, by length or by stream', async () => {
    const f = await serve([{ raw: 'x'.repeat(200_000) }]);
    expect(await new HttpClient({ outbound: LOCAL, maxBodyBytes: 100_000 }).send({ url: f.url })).toMatchObject({
      ok: false,
      reason: 'body_too_large',
      retryable: false,
    });
    expect(await new HttpClient({ outbound: LOCAL, maxBodyBytes: 300_000 }).send({ url: f.url })).toMatchObject({ ok: true, status: 200 });
    // No content-length: the stream is cut once the cap is passed.
    let pulled = 0;
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(c) {
            pulled++;
            c.enqueue(new Uint8Array(64 * 1024));
          },
        }),
      );
    const r = await new HttpClient({ outbound: LOCAL, maxBodyBytes: 1_000_000, fetch: (async () => endless()) as typeof fetch }).send({
      url: 'https://feeds.example.com/huge',
    });
    expect(r).toMatchObject({ ok: false, reason: 'body_too_large', retryable: false });
    expect(pulled).toBeLessThan(40);
  });
});
