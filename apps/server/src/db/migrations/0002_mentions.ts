// The mention engine's tables: authors, clips and their enrichment, bin rules, bin_clips (a clip
// in a bin), owned profiles and follower snapshots, influencers, word-cloud phrases, connector
// cursors, and the hourly rollups the dashboards read.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('authors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('handle', 'text')
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('authors_stream_external', ['stream_id', 'external_id'])
    .execute();

  await db.schema
    .createTable('clips')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'bigint', (c) => c.references('authors.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('media_url', 'text')
    .addColumn('parent_external_id', 'text')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text')
    .addColumn('reach', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('country', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('clips_stream_external', ['stream_id', 'external_id'])
    .execute();

  await db.schema
    .createTable('clip_enrichment')
    .addColumn('clip_id', 'bigint', (c) => c.primaryKey().references('clips.id').onDelete('cascade'))
    .addColumn('classification_id', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('sentiment_score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('people', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('organisations', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('places', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('hashtags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('handles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('urls', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('terms', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();

  await db.schema
    .createTable('bin_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bin_id', 'integer', (c) => c.notNull().references('bins.id').onDelete('cascade'))
    // handle, hashtag, phrase, profile, url, topic
    .addColumn('kind', 'text', (c) => c.notNull())
    // A boolean keyword expression: words, "quoted phrases", AND, OR, NOT, parentheses.
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'smallint')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('bin_rules_bin').on('bin_rules').column('bin_id').execute();

  await db.schema
    .createTable('bin_clips')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bin_id', 'integer', (c) => c.notNull().references('bins.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('clip_id', 'bigint', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    // Denormalised from the clip so that analytic reads touch one table.
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('posted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('author_id', 'bigint')
    .addColumn('classification_id', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('favourability_id', 'smallint', (c) => c.notNull().defaultTo(2))
    .addColumn('brand_association_id', 'smallint', (c) => c.notNull().defaultTo(3))
    .addColumn('ave', sql`double precision`, (c) => c.notNull().defaultTo(0))
    .addColumn('impact_score', sql`double precision`, (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('workflow_group_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bin_clips_bin_clip', ['bin_id', 'clip_id'])
    .execute();
  await db.schema.createIndex('bin_clips_bin_posted').on('bin_clips').columns(['bin_id', 'posted_at']).execute();
  await db.schema.createIndex('bin_clips_project_posted').on('bin_clips').columns(['project_id', 'posted_at']).execute();

  // Rollups per bin, stream and hour, kept in step by ingestion and by rating/rejecting.
  await db.schema
    .createTable('bin_hourly')
    .addColumn('bin_id', 'integer', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('clips', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ave', sql`double precision`, (c) => c.notNull().defaultTo(0))
    .addColumn('positive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('neutral', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chatter', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bin_hourly_pk', ['bin_id', 'stream_id', 'hour'])
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('handle', 'text')
    .addColumn('link', 'text')
    .addColumn('image', 'text')
    .addColumn('summary', 'text')
    .addColumn('bin_rule_id', 'integer', (c) => c.references('bin_rules.id').onDelete('set null'))
    // Encrypted at rest (AES-GCM with the server's key); never sent to the browser.
    .addColumn('access_token_enc', 'text')
    .addColumn('token_secret_enc', 'text')
    .addColumn('token_valid', 'boolean')
    .addColumn('token_checked_at', 'timestamptz')
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('follower_snapshots')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('followers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('follower_snapshots_pk', ['profile_id', 'taken_at'])
    .execute();

  await db.schema
    .createTable('influencers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('influencers_project_author', ['project_id', 'author_id'])
    .execute();

  await db.schema
    .createTable('wordcloud_phrases')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('phrase', 'text', (c) => c.notNull())
    // 'include' or 'exclude'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addUniqueConstraint('wordcloud_phrases_unique', ['project_id', 'phrase', 'kind'])
    .execute();

  await db.schema
    .createTable('connector_cursors')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('cursor', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('connector_cursors_pk', ['connector', 'key'])
    .execute();

  await db.schema
    .createTable('ingest_rejections')
    .addColumn('reason', 'text', (c) => c.notNull().primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ingest_rejections',
    'connector_cursors',
    'wordcloud_phrases',
    'influencers',
    'follower_snapshots',
    'profiles',
    'bin_hourly',
    'bin_clips',
    'bin_rules',
    'clip_enrichment',
    'clips',
    'authors',
  ])
    await db.schema.dropTable(t).ifExists().cascade().execute();
}
