// Starts the product as a newcomer would (npm run serve on a fresh embedded database) on a free
// port and waits for /healthz; tears it down after the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOAuthFakes, type OAuthFakes } from '../apps/server/src/oauth/fakes/index.ts';
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir = '';
// The social networks' OAuth providers and APIs, faked locally: linking an account (access-tokens.e2e.ts) clicks Allow on them.
let oauthFakes: OAuthFakes | undefined;

export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'listening-e2e-'));
  oauthFakes = await startOAuthFakes();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...oauthFakes.env,
    // The providers send the browser back to <PUBLIC_URL>/profile: this server's own address.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIMULATOR: '0',
    DEMO_CLIPS: process.env.DEMO_CLIPS ?? '30000',
    // Every journey signs in from this one address, some with wrong or refused passwords on purpose:
    // the per-address login limit (10 a minute) would refuse the next journey's sign-in.
    LOGIN_RATE_LIMIT: process.env.LOGIN_RATE_LIMIT ?? '600',
  };
  delete env.DATABASE_URL;
  server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseURL', baseURL);
}

export async function teardown(): Promise<void> {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  await oauthFakes?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
