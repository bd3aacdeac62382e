// Where connectors resume from: one row per connector name and key in connector_cursors.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CursorValue } from './types.ts';

export interface CursorStore {
  get(connector: string, key: string): Promise<CursorValue | null>;
  put(connector: string, key: string, cursor: CursorValue): Promise<void>;
}

export function dbCursorStore(db: Db): CursorStore {
  return {
    async get(connector, key) {
      const row = await db.selectFrom('connector_cursors').select('cursor').where('connector', '=', connector).where('key', '=', key).executeTakeFirst();
      if (!row) return null;
      // jsonb arrives parsed from both engines; a text value would mean a foreign writer.
      const c = typeof row.cursor === 'string' ? (JSON.parse(row.cursor) as unknown) : row.cursor;
      return c && typeof c === 'object' && !Array.isArray(c) ? (c as CursorValue) : null;
    },
    async put(connector, key, cursor) {
      const value = JSON.stringify(cursor);
      await db
        .insertInto('connector_cursors')
        .values({ connector, key, cursor: value })
        .onConflict((oc) => oc.columns(['connector', 'key']).doUpdateSet({ cursor: value, updated_at: sql`now()` }))
        .execute();
    },
  };
}

/** For unit tests of a single connector that don't need the database. */
export function memoryCursorStore(): CursorStore & { rows: Map<string, CursorValue> } {
  const rows = new Map<string, CursorValue>();
  return {
    rows,
    async get(connector, key) {
      return rows.get(`${connector}\u0000${key}`) ?? null;
    },
    async put(connector, key, cursor) {
      rows.set(`${connector}\u0000${key}`, structuredClone(cursor));
    },
  };
}
