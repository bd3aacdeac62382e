// A server process of the product (main.ts with a role), run by a test against a database of the
// test's own, and a wait for what a test waits for. Test support only.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: boolean;
}

export function startServerProcess(role: 'api' | 'worker' | 'all', env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, `--role=${role}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const p: ServerProcess = { child, output: () => out, exited: false };
  child.on('exit', () => (p.exited = true));
  return p;
}

/** Polls `probe` every 200 ms until it gives a value; fails after `seconds`. */
export async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return { value, ms: Date.now() - start };
    if (Date.now() - start > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
