// The product's server as the journeys start it: its own port and data folder, the embedded
// database (whatever DATABASE_URL says), in a process group of its own so that stopping it stops
// the tsx child too. The journeys' global setup and the first-start journey start one each;
// bench/start.ts takes freePort.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  server: ChildProcess;
  baseURL: string;
  dataDir: string;
}

/** Starts the server with the journeys' settings and `env(port)` over them; it is ready when the caller's own check says so. */
export async function startServer(prefix: string, env: (port: number) => NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const all: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR: '0', ...env(port) };
  delete all.DATABASE_URL;
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], { env: all, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  return { server, baseURL: `http://127.0.0.1:${port}`, dataDir };
}

/** Asks `ready` every `everyMs` until it says yes; fails when the server exits or by the deadline. */
export async function waitUntil(
  s: ServerProcess,
  ready: () => Promise<boolean>,
  { everyMs, withinMs, what }: { everyMs: number; withinMs: number; what: string },
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (s.server.exitCode !== null) throw new Error(`server exited with ${s.server.exitCode}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Stops the server's process group and removes its data folder. */
export async function stopServer(s: ServerProcess | undefined): Promise<void> {
  if (!s) return;
  if (s.server.pid) {
    try {
      process.kill(-s.server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  rmSync(s.dataDir, { recursive: true, force: true });
}
