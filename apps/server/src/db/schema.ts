// Table types for Kysely. They are generated from the migrated database into tables.generated.ts
// (scripts/db-types.ts; run `npm run db:types` after adding a migration): this file names what the
// code imports and narrows a column only where the code relies on more than the database says.
import type { Selectable } from 'kysely';
import type { DB } from './tables.generated.ts';

/**
 * Overrides of generated column types, each with its reason:
 * - wordcloud_phrases.kind is text, written only as 'include' or 'exclude' (wordcloud/queries.ts);
 *   the word-cloud service returns it as the contract's union.
 */
export interface Database extends Omit<DB, 'wordcloud_phrases'> {
  wordcloud_phrases: Omit<DB['wordcloud_phrases'], 'kind'> & { kind: 'include' | 'exclude' };
}

export type UserRow = Selectable<Database['users']>;
export type ProjectRow = Selectable<Database['projects']>;
