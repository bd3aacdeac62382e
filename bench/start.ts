// First-start bench (README "Start it", docs/operations.md "Health"): the server as `npm run serve`
// starts it after `npm start`'s build, on a fresh data folder, timed from the spawn:
//   listening           the port accepts a connection
//   first health answer /healthz answers (503 starting, with the phase)
//   dashboard with data the demo project's dashboard (Mentions, as the dashboard calls it) counts
//                       posts for today, in the client's time zone, for a signed-in user
//   whole corpus        /healthz answers 200: the demo corpus is written, every day of it
// and the slowest /healthz answer in each phase of the start (asked every 100 ms; none may wait long).
// Load averages before and after say how busy the machine was.
//   npm run bench -- start [--clips N] [--days N] [--keep-simulator]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/server-process.ts';
import { STREAMS, getClients, getMentions, getProjects, login, operationPath, type OperationSpec } from '@listening/contract';

const DEMO_PROJECT = 'Acme Cola Brand Monitoring';
const POLL_MS = 100;
const DEADLINE_S = 1800;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function run(args: string[]): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const url = (op: OperationSpec, query?: Record<string, string | number>) =>
    `${base}${operationPath(op)}${query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}` : ''}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'listening-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (arg(args, 'clips')) env.DEMO_CLIPS = arg(args, 'clips');
  if (arg(args, 'days')) env.DEMO_DAYS = arg(args, 'days');
  console.log(`load average before: ${load()} (1, 5, 15 min)`);
  console.log(`corpus: ${env.DEMO_CLIPS ?? 200_000} posts over ${env.DEMO_DAYS ?? 90} days (DEMO_CLIPS, DEMO_DAYS)`);

  const t0 = performance.now();
  const since = () => (performance.now() - t0) / 1000;
  // As `npm run serve` runs it: tsx, here through Node's --import.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  server.once('exit', () => (exited = true));
  const figures: Record<string, number> = {};
  /** The slowest /healthz answer in each phase, and how many answers. */
  const slowest: Record<string, number> = {};
  let answers = 0;
  let days = '';
  try {
    while (!(await accepts(port))) {
      if (exited) throw new Error('the server exited before listening');
      await pause(10);
    }
    figures.listening = since();

    let apiOpen = false;
    // Health, every POLL_MS until 200: the first answer, the slowest, the phase, the days written.
    const health = (async () => {
      for (;;) {
        const asked = performance.now();
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
        const took = performance.now() - asked;
        if (res) {
          answers++;
          figures['first health answer'] ??= since();
          const body = (await res.json()) as { phase?: string; demo?: { daysLoaded: number; days: number } };
          const phase = body.phase ?? 'ready';
          slowest[phase] = Math.max(slowest[phase] ?? 0, took);
          if (body.demo) days = `${body.demo.daysLoaded} of ${body.demo.days}`;
          apiOpen ||= res.status === 200 || body.phase === 'demo';
          if (res.status === 200) {
            figures['whole corpus'] = since();
            return;
          }
        }
        if (exited) throw new Error('the server exited while starting');
        if (since() > DEADLINE_S) throw new Error(`not ready after ${DEADLINE_S} s (last progress ${days} days)`);
        await pause(Math.max(0, POLL_MS - took));
      }
    })();

    // The dashboard as a user opens it once the API answers: sign in, the demo project, today's mentions.
    const dashboard = (async () => {
      while (!apiOpen) await pause(POLL_MS / 2);
      let token = '';
      for (let attempt = 1; !token; attempt++) {
        const res = await fetch(url(login), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Username: 'analyst@demo.example', Password: 'demo-password' }),
          signal: AbortSignal.timeout(30_000),
        });
        if (res.ok) token = ((await res.json()) as { access_token: string }).access_token;
        else if (attempt >= 5) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
        // Sign-ins are rate limited per address (LOGIN_RATE_LIMIT): not hammered.
        else await pause(1000);
      }
      const get = async <T>(u: string) => {
        const res = await fetch(u, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
        if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      const clients = await get<{ Id: number; Name: string }[]>(url(getClients));
      let project: { Id: number; StreamId: string; TimeZone: string } | undefined;
      for (const c of clients)
        project ??= (await get<{ Id: number; Description: string; StreamId: string; TimeZone: string }[]>(url(getProjects, { clientId: c.Id }))).find(
          (p) => p.Description === DEMO_PROJECT,
        );
      if (!project) throw new Error(`no project '${DEMO_PROJECT}' for the analyst`);
      // The dashboard's streams: every one of the project's, YouTube apart (it is never combined with others).
      const all = project.StreamId.split(',').map(Number);
      const streamIds = (all.length > 1 ? all.filter((s) => s !== STREAMS.YouTube) : all).join(',');
      for (;;) {
        const today = new Date().toLocaleDateString('en-CA', { timeZone: project.TimeZone });
        const mentions = await get<{ StreamId: number; Count: number }[]>(
          url(getMentions, { projectId: project.Id, startDate: today, endDate: today, streamIds }),
        );
        if ((mentions.find((m) => m.StreamId === 0)?.Count ?? 0) > 0) {
          figures['dashboard with data'] = since();
          return;
        }
        // A small corpus may have no post yet today in the client's small hours: not waited for past a minute after the corpus.
        if (figures['whole corpus'] !== undefined && since() > figures['whole corpus'] + 60) return;
        await pause(POLL_MS);
      }
    })();
    await Promise.all([health, dashboard]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (exited ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const name of ['listening', 'first health answer', 'dashboard with data', 'whole corpus'])
    console.log(`${`${name}:`.padEnd(22)}${figures[name] === undefined ? 'not seen' : `${figures[name].toFixed(1)} s after the spawn`}`);
  const per = Object.entries(slowest).map(([phase, ms]) => `${Math.round(ms)} ms (${phase})`);
  console.log(`slowest health answers: ${per.join(', ')}; ${answers} answers, the last progress ${days} days`);
  console.log(`load average after: ${load()}`);
}
