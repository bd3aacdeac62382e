// Worker thread body for enrich-pool.ts: enriches the texts it is sent and posts the results back.
import { parentPort } from 'node:worker_threads';
import { enrich } from '../nlp/enrich.ts';

parentPort!.on('message', (m: { id: number; texts: string[]; langs: (string | null)[] }) => {
  parentPort!.postMessage({ id: m.id, out: m.texts.map((t, i) => enrich(t, m.langs[i])) });
});
