import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from './fakes/harness.ts';
import { startFake, type FakeReply, type FakeServer } from './fakes/server.ts';
import { HttpClient, redactUrl, retryAfterMs } from './http.ts';

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
    const r = await new HttpClient({ sleep: clock.sleep, now: clock.now, backoffMs: 100 }).json({ url: f.url });
    expect(r).toMatchObject({ ok: true, body: { ok: 1 } });
    expect(clock.sleeps).toEqual([100, 200]);
  });

  it('gives a 5xx up after the bounded retries, as a retryable failure', async () => {
    const f = await serve([{ status: 500, json: {} }]);
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, serverRetries: 2, backoffMs: 10 }).json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'http_5xx', retryable: true });
    expect(f.requests).toHaveLength(3);
  });

  it('turns a body that is not JSON into a retryable malformed_json', async () => {
    const f = await serve([{ raw: '{"data":[{"id":' }]);
    const r = await new HttpClient().json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'malformed_json', retryable: true });
  });

  it('does not hold a worker for a rate-limit wait longer than allowed', async () => {
    const f = await serve([{ status: 429, headers: { 'retry-after': '3600' }, json: {} }]);
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, maxWaitMs: 60_000 }).json({ url: f.url });
    expect(r).toMatchObject({ ok: false, reason: 'rate_limited', retryable: false });
    expect(clock.sleeps).toEqual([]);
  });

  it('times out a request that never answers', async () => {
    fake = await startFake(() => new Promise<FakeReply>(() => {}));
    const clock = fakeClock();
    const r = await new HttpClient({ sleep: clock.sleep, timeoutMs: 50, serverRetries: 1 }).json({ url: fake.url });
    expect(r).toMatchObject({ ok: false, reason: 'timeout', retryable: true });
  });

  it('masks secrets in logged addresses and reads Retry-After dates', () => {
    expect(redactUrl('https://graph.example/v18.0/1/posts?access_token=SECRET&limit=5')).toBe('https://graph.example/v18.0/1/posts?access_token=***&limit=5');
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(70_000).toUTCString() }), 10_000)).toBe(60_000);
  });
});
