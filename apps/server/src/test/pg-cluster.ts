// A PostgreSQL cluster of a test's own (initdb into a temporary folder, on a port of its own), so
// that a test can stop, restart or replicate a database without touching the machine's: the fault
// tests and the read-replica tests (docs/scaling.md). Uses the server binaries of the machine's
// PostgreSQL (pg_config --bindir, or /usr/lib/postgresql/<version>/bin). PostgreSQL refuses to run
// as root: as root, each command runs as the `postgres` user. Test support only.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function binDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on the PATH: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

const BIN = binDir();
const asRoot = process.getuid?.() === 0;

/** Why a private cluster cannot be made here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!BIN) return 'no PostgreSQL server binaries (initdb) on this machine';
  if (asRoot && spawnSync('id', ['postgres']).status !== 0) return 'running as root, and there is no postgres user to run PostgreSQL as';
  return null;
}

function run(cmd: string, args: string[]): void {
  const full = join(BIN!, cmd);
  const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function ownedFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface Cluster {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** Stops it at once ("fast": open connections are closed, as in a restart or a failover). */
  stop(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

function cluster(dir: string, port: number): Cluster {
  const log = join(dir, 'server.log');
  const c: Cluster = {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dir, '-l', log, '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']),
    stop: () => run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']),
    destroy: () => {
      try {
        c.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return c;
}

/** A new primary, trusting local connections (replication too), started. */
export async function startCluster(): Promise<Cluster> {
  const dir = ownedFolder('pg-cluster-');
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const c = cluster(dir, await freePort());
  c.start();
  return c;
}

/** A hot standby of `primary` (pg_basebackup with streaming replication), started. */
export async function startStandby(primary: Cluster): Promise<Cluster> {
  const dir = ownedFolder('pg-standby-');
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dir, '-R', '-X', 'stream', '--no-sync']);
  const c = cluster(dir, await freePort());
  c.start();
  return c;
}
