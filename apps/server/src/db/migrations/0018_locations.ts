// Where each post comes from (the world map): resolved by the engine at ingestion from the
// post's own location and its author's profile location (nlp/places.ts), one row per located
// clip; a post whose place is unknown has none. Country-only rows have no place or coordinates.
// The index serves the map's per-country counts without reading the clips' text.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clip_locations')
    .addColumn('clip_id', 'bigint', (c) => c.primaryKey().references('clips.id').onDelete('cascade'))
    .addColumn('country_code', sql`char(2)`, (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('latitude', 'float8')
    .addColumn('longitude', 'float8')
    .execute();
  await db.schema.createIndex('clip_locations_country').on('clip_locations').columns(['country_code', 'clip_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('clip_locations').execute();
}
