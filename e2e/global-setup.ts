// Starts the product as a newcomer would (npm run serve on a fresh embedded database) on a free
// port and waits for /healthz; tears it down after the run.
import type { TestProject } from 'vitest/node';
import { startOAuthFakes, type OAuthFakes } from '../apps/server/src/oauth/fakes/index.ts';
import { startServer, stopServer, waitUntil, type ServerProcess } from './server-process.ts';
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: ServerProcess | undefined;
// The social networks' OAuth providers and APIs, faked locally: linking an account (access-tokens.e2e.ts) clicks Allow on them.
let oauthFakes: OAuthFakes | undefined;

export async function setup(project: TestProject): Promise<void> {
  const fakes = await startOAuthFakes();
  oauthFakes = fakes;
  server = await startServer('listening-e2e-', (port) => ({
    ...fakes.env,
    // The providers send the browser back to <PUBLIC_URL>/profile: this server's own address.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_CLIPS: process.env.DEMO_CLIPS ?? '30000',
    // Every journey signs in from this one address, some with wrong or refused passwords on purpose:
    // the per-address login limit (10 a minute) would refuse the next journey's sign-in.
    LOGIN_RATE_LIMIT: process.env.LOGIN_RATE_LIMIT ?? '600',
  }));
  const { baseURL } = server;
  const healthy = () =>
    fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  await waitUntil(server, healthy, { everyMs: 500, withinMs: 200_000, what: 'server did not become ready' });
  project.provide('baseURL', baseURL);
}

export async function teardown(): Promise<void> {
  await stopServer(server);
  await oauthFakes?.close();
}
