// Profiles' tokens in the database: written bound to their row (setProfileToken), and re-encrypted
// under the current key by `npm run tokens:rotate` (rotateTokens, run by cli/tokens-rotate.ts).
//
// Rotation goes row by row: each value is read under whichever configured key made it (or as the first format),
// and, unless already under the current key, encrypted again bound to its row and written back
// only if the row still holds the value read (so a concurrent change is never overwritten; the
// next run picks it up). Each write is its own statement: stopped at any point, what was done
// stays done and the rest stays readable under the old keys, so running it again finishes the
// job, and running it once more changes nothing. Values no configured key reads (a lost key,
// another row's value, an edit) are reported and left as they are.
import type { Db } from '../db/connection.ts';
import { decryptToken, encryptToken, needsRotation, profileTokenContext, type TokenColumn, type TokenKeyring } from './tokens.ts';

const COLUMNS: TokenColumn[] = ['access_token_enc', 'token_secret_enc'];

/**
 * Stores a profile's token, encrypted under the current key and bound to the row (its id, project
 * and stream): the way every token is to be written. Throws 'profile not found' for an unknown id.
 */
export async function setProfileToken(db: Db, profileId: number, token: string, keys: TokenKeyring, column: TokenColumn = 'access_token_enc'): Promise<void> {
  const row = await db.selectFrom('profiles').select(['id', 'project_id', 'stream_id']).where('id', '=', profileId).executeTakeFirst();
  if (!row) throw new Error(`profile ${profileId} not found`);
  const value = encryptToken(token, keys, profileTokenContext(row, column));
  await db
    .updateTable('profiles')
    .set(column === 'access_token_enc' ? { access_token_enc: value } : { token_secret_enc: value })
    .where('id', '=', row.id)
    .where('project_id', '=', row.project_id)
    .where('stream_id', '=', row.stream_id)
    .execute();
}

/** How many stored values are not under the current key (the first format included): what tokens:rotate would rewrite. */
export async function countTokensToRotate(db: Db, keys: TokenKeyring): Promise<number> {
  const rows = await db
    .selectFrom('profiles')
    .select(['access_token_enc', 'token_secret_enc'])
    .where((eb) => eb.or([eb('access_token_enc', 'is not', null), eb('token_secret_enc', 'is not', null)]))
    .execute();
  return rows.flatMap((r) => [r.access_token_enc, r.token_secret_enc]).filter((v) => v !== null && needsRotation(v, keys)).length;
}

export interface RotationReport {
  /** Values read (not null). */
  checked: number;
  /** Values re-encrypted under the current key. */
  rewritten: number;
  /** Values already under the current key (read, and left as they were). */
  current: number;
  /** Values changed by someone else between the read and the write: left for the next run. */
  changedMeanwhile: number;
  /** Values no configured key reads for their row. */
  failed: { profileId: number; column: TokenColumn; reason: string }[];
  /** True when stopped by the signal before the end. */
  stopped: boolean;
}

export async function rotateTokens(
  db: Db,
  keys: TokenKeyring,
  opts: { batchSize?: number; signal?: AbortSignal; onProgress?: (report: RotationReport, lastProfileId: number) => void } = {},
): Promise<RotationReport> {
  const report: RotationReport = { checked: 0, rewritten: 0, current: 0, changedMeanwhile: 0, failed: [], stopped: false };
  const batchSize = opts.batchSize ?? 500;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('profiles')
      .select(['id', 'project_id', 'stream_id', 'access_token_enc', 'token_secret_enc'])
      .where('id', '>', after)
      .where((eb) => eb.or([eb('access_token_enc', 'is not', null), eb('token_secret_enc', 'is not', null)]))
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      for (const column of COLUMNS) {
        const value = row[column];
        if (value === null) continue;
        report.checked++;
        const context = profileTokenContext(row, column);
        let token: string;
        try {
          token = decryptToken(value, keys, context);
        } catch (err) {
          report.failed.push({ profileId: row.id, column, reason: (err as Error).message });
          continue;
        }
        if (!needsRotation(value, keys)) {
          report.current++;
          continue;
        }
        const next = encryptToken(token, keys, context);
        const res = await db
          .updateTable('profiles')
          .set(column === 'access_token_enc' ? { access_token_enc: next } : { token_secret_enc: next })
          .where('id', '=', row.id)
          .where('project_id', '=', row.project_id)
          .where('stream_id', '=', row.stream_id)
          .where(column, '=', value)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) report.rewritten++;
        else report.changedMeanwhile++;
      }
      after = row.id;
      if (opts.signal?.aborted) break;
    }
    opts.onProgress?.(report, after);
    if (opts.signal?.aborted) {
      report.stopped = true;
      break;
    }
  }
  return report;
}
