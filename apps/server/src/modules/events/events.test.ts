// Live events: the stream needs a session, starts with the user's unseen count and sends a new one
// when a notification for that user is written (by any process: the table is what is watched),
// and nothing for another user's. It ends when its session does, and a user holds a few at most.
import { EVENT_STREAMS_PER_USER } from '@listening/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { hashToken } from '../../plugins/auth.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import type { App } from '../../types.ts';
import { eventHub } from './service.ts';

/** The session check's interval in this file: short, so an ended session ends its stream quickly. */
const CHECK_MS = 200;

let t: TestContext;
let base: string;
let analyst: number;
let viewer: number;
beforeAll(async () => {
  t = await createTestApp({ env: { EVENTS_SESSION_CHECK_MS: String(CHECK_MS) } });
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

/** Resolves with the milliseconds until the stream ended, or rejects after `ms`. */
function endsWithin(done: Promise<unknown>, ms: number): Promise<number> {
  const t0 = Date.now();
  return Promise.race([
    done.then(() => Date.now() - t0),
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms)),
  ]);
}

describe('a live stream and its session', () => {
  /** A fresh session of the user (its own login) and a stream opened with it, its first event read. */
  async function openStream(email: string, baseUrl = base) {
    const auth = await authHeader(t.app, email);
    const ctl = new AbortController();
    const res = await fetch(`${baseUrl}/api/events?seconds=60`, { headers: auth, signal: ctl.signal });
    expect(res.status).toBe(200);
    const r = reader(res.body!);
    await expect.poll(() => r.events.length).toBe(1);
    return { auth, r, ctl };
  }

  it('ends within the check interval once its session is logged out', async () => {
    const { auth, r } = await openStream('analyst@demo.example');
    const out = await t.app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: auth });
    expect(out.statusCode).toBe(204);
    expect(await endsWithin(r.done, CHECK_MS + 1500)).toBeLessThan(CHECK_MS + 1500);
    await expect.poll(() => eventHub(t.db).size).toBe(0);
  });

  it("ends when the user's access to every client ends, though the session was not revoked", async () => {
    const { r } = await openStream('viewer@demo.example');
    const links = await t.db
      .updateTable('client_contacts')
      .set({ is_active: false })
      .where('user_id', '=', viewer)
      .where('is_active', '=', true)
      .returning('id')
      .execute();
    try {
      await endsWithin(r.done, CHECK_MS + 1500);
    } finally {
      await t.db
        .updateTable('client_contacts')
        .set({ is_active: true })
        .where(
          'id',
          'in',
          links.map((l) => l.id),
        )
        .execute();
    }
  });

  it('sends no event once the session is revoked, ending instead, however far the next check is', async () => {
    // A second server on the same database whose periodic check never comes within the test.
    const slow: App = await buildApp({ db: t.db, mailer: t.mailer, config: loadConfig({ WEB_DIST: '/nonexistent', EVENTS_SESSION_CHECK_MS: '600000' }) });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { auth, r } = await openStream('analyst@demo.example', `http://127.0.0.1:${(slow.server.address() as { port: number }).port}`);
      const token = auth.authorization.replace(/^Bearer /, '');
      const session = await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', session.id).execute();
      await t.db.insertInto('notifications').values({ user_id: analyst, description: 'After the logout' }).execute();
      await endsWithin(r.done, 8000);
      expect(r.events).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it(`lets a user hold ${EVENT_STREAMS_PER_USER} streams at once and answers 429 for one more`, async () => {
    const open = await Promise.all(Array.from({ length: EVENT_STREAMS_PER_USER }, () => openStream('admin@demo.example')));
    const auth = await authHeader(t.app, 'admin@demo.example');
    const refused = await fetch(`${base}/api/events?seconds=60`, { headers: auth });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/At most 5 live event streams/);
    // Another user is not counted against this one.
    const other = await openStream('viewer@demo.example');
    other.ctl.abort();
    // A closed stream frees its place.
    open[0].ctl.abort();
    await open[0].r.done;
    await expect.poll(() => eventHub(t.db).size).toBe(EVENT_STREAMS_PER_USER - 1);
    const again = await fetch(`${base}/api/events?seconds=0`, { headers: auth });
    expect(again.status).toBe(200);
    await reader(again.body!).done;
    for (const s of open) s.ctl.abort();
    await Promise.all(open.map((s) => s.r.done));
  });
});
