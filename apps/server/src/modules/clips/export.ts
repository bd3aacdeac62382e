// The listing export: 'Listing Report - {project}.xlsx', Sheet1, eight columns, the
// body cut at 32766 characters. exceljs' streaming WorkbookWriter writes rows as they come from
// keyset-paged batches, and the writer waits whenever the reply's buffer is full, so 100,000
// rows pass through a bounded amount of memory.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { FAVOURABILITY_LOOKUP, LISTING_BODY_MAX, LISTING_COLUMNS, LISTING_SHEET, STREAM_NAMES, type StreamId } from '@listening/contract';
import { toWall, wallTime, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { clipBatches, type ListingFilters } from './queries.ts';

const WIDTHS = [12, 24, 80, 20, 14, 14, 13, 50];
const favName = (id: number) => FAVOURABILITY_LOOKUP.find((f) => f.Id === id)?.Description ?? '';

/** Starts writing the workbook into a stream and returns it at once; errors destroy the stream. */
export function listingWorkbook(db: Db, s: Scope, filters: ListingFilters): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(LISTING_SHEET);
  ws.columns = LISTING_COLUMNS.map((header, i) => ({ header, key: header, width: WIDTHS[i] }));
  (async () => {
    for await (const batch of clipBatches(db, s, filters)) {
      for (const r of batch) {
        ws.addRow([
          STREAM_NAMES[r.stream_id as StreamId] ?? String(r.stream_id),
          r.author_name ?? '',
          r.body.length > LISTING_BODY_MAX ? r.body.slice(0, LISTING_BODY_MAX) : r.body,
          wallTime(toWall(new Date(r.posted_at), s.timeZone)).replace('T', ' '),
          Math.round(Number(r.ave) * 100) / 100,
          favName(r.favourability_id),
          Number(r.impact_score),
          r.link ?? '',
        ]).commit();
      }
      if (out.destroyed) return;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
