// Enrichment over worker threads: a batch is cut into one slice per worker so that language,
// sentiment and entities of a big batch use every core while the main thread matches and
// stores. Workers load the TypeScript source through the loader the process runs under (tsx).
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Enrichment } from '../nlp/enrich.ts';
import type { Enricher } from './pipeline.ts';
import type { Post } from './post.ts';

export interface EnrichPool {
  enricher: Enricher;
  close(): Promise<void>;
}

// Node 20 does not pass the main thread's --import loader hooks on to workers, so each worker
// registers tsx itself before importing the TypeScript worker body.
const BOOT = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./enrich-worker.ts', import.meta.url).href)}); })`;

/** Slices smaller than this are enriched inline: a round trip to a worker would cost more. */
const MIN_SLICE = 250;

export function createEnrichPool(size = Math.max(1, Math.min(4, cpus().length))): EnrichPool {
  const workers = Array.from({ length: size }, () => new Worker(BOOT, { eval: true }));
  const waiting = new Map<number, { resolve: (out: Enrichment[]) => void; reject: (err: unknown) => void }>();
  let nextId = 0;
  let failed: unknown = null;
  for (const w of workers) {
    w.on('message', (m: { id: number; out: Enrichment[] }) => {
      waiting.get(m.id)?.resolve(m.out);
      waiting.delete(m.id);
    });
    w.on('error', (err) => {
      failed = err;
      // Nothing will answer the slices in flight: fail them rather than hang.
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
  }

  const run = (w: Worker, posts: Post[]) =>
    new Promise<Enrichment[]>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      w.postMessage({ id, texts: posts.map((p) => p.body), langs: posts.map((p) => p.language ?? null) });
    });

  const enricher: Enricher = async (posts) => {
    const slices = Math.min(workers.length, Math.ceil(posts.length / MIN_SLICE));
    if (slices <= 1) {
      const { inlineEnricher } = await import('./pipeline.ts');
      return inlineEnricher(posts);
    }
    const per = Math.ceil(posts.length / slices);
    const parts = await Promise.all(Array.from({ length: slices }, (_, i) => run(workers[i], posts.slice(i * per, (i + 1) * per))));
    return parts.flat();
  };

  return {
    enricher,
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
