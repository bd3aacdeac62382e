// Learned sentiment (docs/sentiment.md): a user's rating of a clip kept as a labelled example for
// the next retraining, and the progress of recomputing stored clips after a model change.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sentiment_labels')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('clip_id', 'bigint', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    // 1 Positive, 2 Neutral, 3 Negative: the rating as the user gave it.
    .addColumn('favourability_id', 'smallint', (c) => c.notNull().check(sql`favourability_id in (1, 2, 3)`))
    .addColumn('rated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One label per clip and project: rating the clip again replaces it (the latest word counts).
  await db.schema.createIndex('sentiment_labels_clip').on('sentiment_labels').columns(['project_id', 'clip_id']).unique().execute();
  await db.schema.createIndex('sentiment_labels_clip_id').on('sentiment_labels').column('clip_id').execute();

  // One row per model version whose recompute has started: how far it got (clips are walked in id
  // order), so a job that was stopped resumes where its last committed batch ended.
  await db.schema
    .createTable('sentiment_recompute')
    .addColumn('model_version', 'text', (c) => c.primaryKey())
    .addColumn('last_clip_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clips_done', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_changed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sentiment_recompute').execute();
  await db.schema.dropTable('sentiment_labels').execute();
}
