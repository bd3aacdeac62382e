// Many processes, one database (docs/scaling.md): two API processes and two workers, started as
// `npm start` would be (`--role=api` ×2, `--role=worker` ×2), on one fresh PostgreSQL database.
// A notification raised through one API process reaches a user's live stream held by the other;
// a rule saved through API 1 is used by the workers' next collection turn, not after the rule
// set's 30 s backstop; and the jobs both workers see due (collection turns, digests, alerts,
// reports due) each run once. PostgreSQL only: on PGlite one process is the only mode.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/pg-cluster.ts';
import { apiReady, freshDatabase, post, signIn, type ProcessDb } from '../test/process-db.ts';
import { until } from '../test/server-process.ts';

const WORD = 'zebracorn';

/** A blog feed with one new article per read, each about WORD; counts reads and the most at once. */
function startFeed(): Promise<{ server: Server; url: string; reads: () => number; mostAtOnce: () => number }> {
  let reads = 0;
  let inFlight = 0;
  let most = 0;
  const server = createServer((req, res) => {
    reads++;
    inFlight++;
    most = Math.max(most, inFlight);
    const n = reads;
    // A little slow, so that two turns at once would be seen overlapping.
    setTimeout(() => {
      inFlight--;
      const item = `<item><title>Sighting ${n}</title><link>https://blog.example/post-${n}</link><guid isPermaLink="false">https://blog.example/?p=${n}</guid><pubDate>${new Date().toUTCString()}</pubDate><description><![CDATA[<p>Acme ${WORD} sighting number ${n}</p>]]></description></item>`;
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Sightings</title><link>https://blog.example</link><description>d</description>${item}</channel></rss>`,
      );
    }, 150);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`, reads: () => reads, mostAtOnce: () => most }),
    ),
  );
}

/** Reads server-sent `notification` events of a stream into `events`. */
function readEvents(body: ReadableStream<Uint8Array>, events: { unseen: number; latestId: number | null; at: number }[]): void {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: notification\ndata: (.*)$/m.exec(block);
        if (data) events.push({ ...(JSON.parse(data[1]) as { unseen: number; latestId: number | null }), at: Date.now() });
      }
    }
  })();
}

describe.skipIf(!process.env.DATABASE_URL)(
  'two API processes and two workers on one PostgreSQL (skipped on PGlite, where one process is the only mode)',
  () => {
    let t: ProcessDb;
    let db: ProcessDb['client'];
    let feed: Awaited<ReturnType<typeof startFeed>>;
    let api1: string;
    let api2: string;

    beforeAll(async () => {
      t = await freshDatabase('procs');
      db = t.client;
      feed = await startFeed();
      const [p1, p2] = [await freePort(), await freePort()];
      [api1, api2] = [`http://127.0.0.1:${p1}`, `http://127.0.0.1:${p2}`];
      const env = {
        HOST: '127.0.0.1',
        DEMO: '1',
        DEMO_CLIPS: '0',
        LOG_LEVEL: 'info',
        BLOG_FEEDS: feed.url,
        OUTBOUND_ALLOW_PRIVATE: '1',
        CONNECTOR_INTERVAL_MS: '1000',
        EVENTS_SESSION_CHECK_MS: '60000',
      };
      // The first migrates and seeds the demo tenant; the others then start together.
      t.start('api', { ...env, PORT: String(p1) });
      await apiReady(api1, 'API 1 ready', 60);
      // The blog stream for one project, so the feed's articles are filed (no demo project collects blogs).
      await db.query(`update projects set stream_ids = array_append(stream_ids, 13) where description = 'Acme Cola Brand Monitoring'`);
      t.start('api', { ...env, PORT: String(p2) });
      t.start('worker', env);
      t.start('worker', env);
      await apiReady(api2, 'API 2 ready', 60);
      await until('both workers started', 60, async () => (t.procs.slice(2).every((p) => /job runner on/.test(p.output())) ? true : undefined));
    }, 120_000);

    afterAll(async () => {
      feed?.server.close();
      await t?.close();
    });

    it('a notification raised through API 1 reaches a stream held by API 2 at once', async () => {
      const adminAuth = await signIn(api2, 'admin@demo.example');
      const closing = new AbortController();
      const stream = await fetch(`${api2}/api/events`, { headers: adminAuth, signal: closing.signal });
      expect(stream.status).toBe(200);
      const events: { unseen: number; latestId: number | null; at: number }[] = [];
      readEvents(stream.body!, events);
      await until('the first event', 10, async () => (events.length ? true : undefined));
      const before = events[0];

      const analyst = await signIn(api1, 'analyst@demo.example');
      const { rows } = await db.query<{ id: number }>(`select id from projects where description = 'MzansiConnect Hashtag Tracking'`);
      const asked = Date.now();
      const res = await post(api1, '/api/product/request', { projectId: rows[0].id, product: 'DeepDive' }, analyst);
      expect(res.status).toBe(200);
      const { value: after } = await until('the event on API 2', 5, async () => events.find((e) => e.unseen > before.unseen));
      expect(after.unseen).toBe(before.unseen + 1);
      // The stream's own poll (POLL_MS, 2 s) is only the backstop: the bus brings it sooner.
      console.log(`notification through API 1 seen on API 2's stream after ${after.at - asked} ms`);
      expect(after.at - asked).toBeLessThan(1_500);
      closing.abort();
    }, 30_000);

    it('a rule saved through API 1 files the workers’ next collection turn, and every job due runs once across the two workers', async () => {
      // Collection has begun: the rule set in the workers' hands was read a moment ago, so without
      // the bus they would keep it for most of its 30 s backstop.
      await until('a collected article', 20, async () => {
        const r = await db.query(`select 1 from clips where body like '%${WORD}%'`);
        return r.rowCount! >= 1 ? true : undefined;
      });
      const analyst = await signIn(api1, 'analyst@demo.example');
      const { rows } = await db.query<{ id: number }>(`select id from projects where description = 'Acme Cola Brand Monitoring'`);
      const saved = Date.now();
      const rules = [{ kind: 'phrase', expression: WORD }];
      const created = await post(api1, '/api/subfolder/create', { projectId: rows[0].id, name: 'Sightings', binTypeId: 2, rules }, analyst);
      expect(created.status).toBe(200);
      const bin = (await created.json()) as { Id: number };
      const filed = await until('an article in the new bin', 25, async () => {
        const r = await db.query(`select 1 from bin_clips where bin_id = $1`, [bin.Id]);
        return r.rowCount! > 0 ? true : undefined;
      });
      // A turn a second plus the article's own read: well within the rule set's 30 s backstop.
      console.log(`rule saved through API 1 used by a worker's collection after ${filed.ms} ms`);
      expect(Date.now() - saved).toBeLessThan(10_000);

      // Every schedule due now, again and again: both workers see each tick due.
      for (let i = 0; i < 5; i++) {
        await db.query(`update job_schedules set next_run_at = now() where queue not like 'connectors.%'`);
        await new Promise((r) => setTimeout(r, 1_200));
      }
      await until('the jobs done', 20, async () => {
        const r = await db.query(`select 1 from jobs where state in ('queued', 'running') and queue not like 'connectors.%'`);
        return r.rowCount === 0 ? true : undefined;
      });
      const ran = await db.query<{ queue: string; key: string | null; state: string; attempts: number }>(
        `select queue, key, state, attempts from jobs where queue not like 'connectors.%' order by id`,
      );
      const queues = new Set(ran.rows.map((j) => j.queue));
      for (const q of ['word-bin-digest', 'crisis-spike', 'alert-delivery', 'report-schedules']) expect(queues).toContain(q);
      // Each tick's job once (its key), each run once (no second attempt), none failed.
      const keys = ran.rows.filter((j) => j.key !== null).map((j) => `${j.queue} ${j.key}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(ran.rows.filter((j) => j.attempts !== 1 || j.state !== 'done')).toEqual([]);

      // Collection turns: never two at once across the workers, and each article stored once.
      expect(feed.mostAtOnce()).toBe(1);
      const twice = await db.query(`select external_id from clips where body like '%${WORD}%' group by external_id having count(*) > 1`);
      expect(twice.rows).toEqual([]);
      for (const p of t.procs) expect(p.exited, p.output()).toBe(false);
    }, 60_000);
  },
);
