// Live events: the stream needs a session, starts with the user's unseen count and sends a new one
// when a notification for that user is written (by any process: the table is what is watched),
// and nothing for another user's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { eventHub } from './service.ts';

let t: TestContext;
let base: string;
let analyst: number;
let viewer: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const id = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  analyst = await id('analyst@demo.example');
  viewer = await id('viewer@demo.example');
});
afterAll(async () => {
  eventHub(t.db).closeAll();
  await t.close();
});

/** The user's unseen notifications, counted in the table (the demo seed gives each user some). */
async function unseenOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Reads `event: notification` data from a stream as they come. */
function reader(body: ReadableStream<Uint8Array>) {
  const events: { unseen: number; latestId: number | null }[] = [];
  let raw = '';
  const done = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      raw += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = raw.indexOf('\n\n')) >= 0) {
        const block = raw.slice(0, i);
        raw = raw.slice(i + 2);
        const data = block.match(/^event: notification\ndata: (.*)$/m)?.[1];
        if (data) events.push(JSON.parse(data));
      }
    }
  })().catch(() => undefined);
  return { events, done };
}

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/events?seconds=0`);
    expect(res.status).toBe(401);
  });

  it('sends the unseen count on open, then each change for this user only', async () => {
    const auth = await authHeader(t.app, 'analyst@demo.example');
    const ctl = new AbortController();
    const res = await fetch(`${base}/api/events?seconds=60`, { headers: auth, signal: ctl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const r = reader(res.body!);
    await expect.poll(() => r.events.length).toBe(1);
    const unseen = r.events[0].unseen;
    expect(unseen).toBe(await unseenOf(analyst));
    expect(unseen).toBeGreaterThan(0);

    // Another user's notification: nothing for this stream.
    await t.db.insertInto('notifications').values({ user_id: viewer, description: 'Not yours' }).execute();
    await new Promise((res) => setTimeout(res, 2500));
    expect(r.events).toHaveLength(1);

    const mine = await t.db
      .insertInto('notifications')
      .values({ user_id: analyst, description: 'Reaction list "Recall" matched 1 new post.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect.poll(() => r.events.length, { timeout: 6000 }).toBe(2);
    expect(r.events[1]).toEqual({ unseen: unseen + 1, latestId: mine.id });
    expect(eventHub(t.db).size).toBe(1);
    ctl.abort();
    await r.done;
    await expect.poll(() => eventHub(t.db).size).toBe(0);
  });

  it('ends after the seconds asked for', async () => {
    const auth = await authHeader(t.app, 'viewer@demo.example');
    const res = await fetch(`${base}/api/events?seconds=0`, { headers: auth });
    const r = reader(res.body!);
    await r.done;
    // The viewer's seeded notifications and the one the test before wrote for them.
    expect(r.events).toEqual([{ unseen: await unseenOf(viewer), latestId: expect.any(Number) }]);
    expect(r.events[0].unseen).toBeGreaterThan(1);
    const bad = await fetch(`${base}/api/events?seconds=3601`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/seconds must be at most 3600/);
  });
});
