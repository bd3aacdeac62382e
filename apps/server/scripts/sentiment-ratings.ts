// The clip ratings users saved (sentiment_labels, written when a clip is rated), as training
// examples for `npm run sentiment:train -- --with-ratings`, read from the server's database:
// DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; stop the server first, PGlite is one process's
// database). After the new model is written, the recompute of stored clips is queued there.
import { loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import type { SentimentClass } from '../src/nlp/sentiment-model.ts';
import type { Example } from './sentiment-data.ts';

const BY_FAVOURABILITY: Record<number, SentimentClass> = { 1: 'positive', 2: 'neutral', 3: 'negative' };

/** Rated clips as examples (one per clip: the latest rating across projects). */
export async function ratedExamples(db: Db): Promise<Example[]> {
  const rows = await db
    .selectFrom('sentiment_labels')
    .innerJoin('clips', 'clips.id', 'sentiment_labels.clip_id')
    .select(['clips.id', 'clips.body', 'sentiment_labels.favourability_id'])
    .orderBy('sentiment_labels.rated_at', 'desc')
    .orderBy('sentiment_labels.id', 'desc')
    .execute();
  const seen = new Set<number>();
  const out: Example[] = [];
  for (const r of rows) {
    if (seen.has(Number(r.id))) continue;
    seen.add(Number(r.id));
    out.push({ text: r.body, label: BY_FAVOURABILITY[r.favourability_id], source: 'ratings' });
  }
  return out;
}

export async function loadRatings(): Promise<{ examples: Example[]; queueRecompute: () => Promise<void> }> {
  const config = loadConfig();
  const h = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(h.db);
  const examples = await ratedExamples(h.db);
  return {
    examples,
    queueRecompute: async () => {
      try {
        // Imported here: the job module reads the model, which must be the newly written one.
        const { queueRecompute } = await import('../src/jobs/sentiment-recompute.ts');
        const r = await queueRecompute(h.db);
        console.log(r.queued ? `queued the recompute of stored clips for model ${r.version}` : `model ${r.version}: recompute already queued or done`);
      } finally {
        await h.close();
      }
    },
  };
}
