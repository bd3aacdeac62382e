// The listing export: 'Listing Report - {project}.xlsx', Sheet1, eight columns, the
// body cut at 32766 characters. exceljs' streaming WorkbookWriter writes rows as they come from
// keyset-paged batches, and the writer waits whenever the reply's buffer is full, so 100,000
// rows pass through a bounded amount of memory. An export stops at LISTING_EXPORT_MAX_ROWS rows
// and then says so in a last row (listingTruncatedNote): the headers are sent before the rows are
// read, so a header could not say it. Text that starts like a formula carries the quote prefix
// (reports/formula-guard.ts), so editing its cell never turns it into one.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  FAVOURABILITY_LOOKUP,
  LISTING_BODY_MAX,
  LISTING_COLUMNS,
  LISTING_EXPORT_MAX_ROWS,
  LISTING_SHEET,
  STREAM_NAMES,
  listingTruncatedNote,
  type StreamId,
} from '@listening/contract';
import { toWall, wallTime, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { guardedSheet, guardRow, workbookWriter } from '../../reports/formula-guard.ts';
import { clipBatches, type ListingFilters } from './queries.ts';

const WIDTHS = [12, 24, 80, 20, 14, 14, 13, 50];
const favName = (id: number) => FAVOURABILITY_LOOKUP.find((f) => f.Id === id)?.Description ?? '';

/** Starts writing the workbook into a stream and returns it at once; errors destroy the stream. At most `maxRows` rows, then the note. */
export function listingWorkbook(db: Db, s: Scope, filters: ListingFilters, maxRows = LISTING_EXPORT_MAX_ROWS): PassThrough {
  const out = new PassThrough();
  const wb = workbookWriter(out);
  const ws = guardedSheet(
    wb,
    LISTING_SHEET,
    LISTING_COLUMNS.map((header, i) => ({ header, key: header, width: WIDTHS[i] })),
    false,
  );
  (async () => {
    let written = 0;
    let cut = false;
    batches: for await (const batch of clipBatches(db, s, filters)) {
      for (const r of batch) {
        if (written === maxRows) {
          cut = true;
          break batches;
        }
        written++;
        guardRow(
          ws.addRow([
            STREAM_NAMES[r.stream_id as StreamId] ?? String(r.stream_id),
            r.author_name ?? '',
            r.body.length > LISTING_BODY_MAX ? r.body.slice(0, LISTING_BODY_MAX) : r.body,
            wallTime(toWall(new Date(r.posted_at), s.timeZone)).replace('T', ' '),
            Math.round(Number(r.ave) * 100) / 100,
            favName(r.favourability_id),
            Number(r.impact_score),
            r.link ?? '',
          ]),
        ).commit();
      }
      if (out.destroyed) return;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    if (cut) ws.addRow([listingTruncatedNote(maxRows)]).commit();
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
