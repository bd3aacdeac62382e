// npm run bench -- <name> [args]: runs bench/<name>.ts's run(args); with no name, every bench.
// Prints the machine first, so figures are read against the hardware that produced them.
import { cpus, totalmem } from 'node:os';

const BENCHES = ['dashboard', 'ingest', 'sentiment', 'reports', 'start', 'collection', 'load', 'narratives'];

/** Benches that start a PostgreSQL cluster of their own, whatever DATABASE_URL says. */
const OWN_CLUSTER = new Set(['load']);

export function machine(bench?: string): string {
  const c = cpus();
  const db = bench && OWN_CLUSTER.has(bench) ? 'PostgreSQL (a cluster of its own)' : process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
  return `machine: ${c[0]?.model ?? 'unknown cpu'} x ${c.length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, node ${process.version}, ${db}`;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  // --json: stdout is the bench's one JSON object; the headers go to stderr.
  const say = args.includes('--json') ? console.error : console.log;
  say(machine(name));
  const names = name ? [name] : BENCHES;
  for (const n of names) {
    if (!BENCHES.includes(n)) throw new Error(`unknown bench '${n}'; known: ${BENCHES.join(', ')}`);
    say(`\n== ${n} ==`);
    const mod = (await import(`./${n}.ts`).catch((err: { code?: string }) => {
      if (!name && err.code === 'ERR_MODULE_NOT_FOUND') return null;
      throw err;
    })) as { run: (args: string[]) => Promise<void> } | null;
    if (!mod) {
      console.log(`bench/${n}.ts is not there yet; skipped`);
      continue;
    }
    await mod.run(name ? args : []);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
