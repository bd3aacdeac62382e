// Regenerates the demo corpus at a chosen size, on DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite):
//   npx tsx apps/server/scripts/demo-corpus.ts --clips 200000 --days 90 [--seed 42] [--keep]
// Projects, bins and rules must exist (the server seeds the demo tenant on first start).
// Without --keep the posts already stored are removed first.
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { createEnrichPool } from '../src/ingest/enrich-pool.ts';
import { generateDemoCorpus } from '../src/ingest/demo-corpus.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number`);
  return v;
};

const config = loadConfig();
const h = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const pool = createEnrichPool();
try {
  await migrate(h.db);
  if (!args.includes('--keep')) {
    // Every stored post and what hangs off it, rollups and the posts' keys included (TRUNCATE fires
    // no trigger, and no foreign key points at clips since 0054: each table is named).
    await sql`truncate bin_clips, bin_hourly, bin_hourly_sentiment, bin_hourly_places, bin_hourly_items, bin_daily_items, clip_enrichment,
                       clip_locations, clip_keys, word_bin_clips, sentiment_labels, response_marks, response_alerts, clips, authors,
                       follower_snapshots, ingest_rejections cascade`.execute(h.db);
  }
  const r = await generateDemoCorpus(h.db, {
    clips: opt('clips', 200_000),
    days: opt('days', 90),
    seed: opt('seed', 42),
    enricher: h.engine === 'postgres' ? pool.enricher : undefined,
    onProgress: (n) => process.stderr.write(`\r${n} clips`),
  });
  process.stderr.write('\n');
  if (r.projects === 0) console.error('No projects with rules or profiles: start the server once to seed the demo tenant.');
  console.log(`${h.engine}: ${r.clips} clips (${r.binClips} bin rows) for ${r.projects} projects in ${r.seconds} s`);
} finally {
  await pool.close();
  await h.close();
}
