// Makes the file of one request of the log: reads the report, its project and client, the figures
// of the window, and renders the PDF, or the spreadsheet for layout 2 and for a clip listing, as a
// stream of bytes that the caller stores as it comes (files.ts).
import { isSpreadsheetLayout, type ReportKind } from '@listening/contract';
import { toWall } from '../analytics/scope.ts';
import type { Db } from '../db/connection.ts';
import { readFigures, scopeOf, type FigureRequest } from './figures.ts';
import { renderPdf } from './pdf.ts';
import { listingBatch } from './queries.ts';
import { sectionsOf, type Section } from './templates.ts';
import { renderXlsx, type ListingClip } from './xlsx.ts';

export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Clips per batch of the listing: large enough to amortise the query, small enough to keep memory flat. */
export const LISTING_BATCH = 20000;

export interface RenderedFile {
  fileName: string;
  contentType: string;
  /** The file's bytes as they are made. */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export interface RenderOptions {
  now?: Date;
  /** Most clips of a listing: REPORT_LISTING_MAX_ROWS, unless a test or the bench says otherwise. */
  listingMaxRows?: number;
}

/** What a request's file is made from. */
export async function requestSource(db: Db, guid: string) {
  const row = await db
    .selectFrom('report_requests as q')
    .innerJoin('reports as r', 'r.id', 'q.report_id')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      'q.guid',
      'q.date_start',
      'q.date_end',
      'q.is_listing',
      'r.name',
      'r.kind',
      'r.layout_id',
      'r.template_ids',
      'r.stream_ids',
      'r.bin_ids',
      'r.project_id',
      'c.name as client_name',
      'c.time_zone',
    ])
    .where('q.guid', '=', guid)
    .executeTakeFirst();
  if (!row) return null;
  const project = await db.selectFrom('projects').selectAll().where('id', '=', row.project_id).executeTakeFirstOrThrow();
  return { row, project };
}

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'report';

/** A listing of the window's clips in batches, oldest first, `max` clips at most. */
export function listingOf(db: Db, fr: FigureRequest) {
  const s = scopeOf(fr);
  return async function* (max: number): AsyncIterable<ListingClip[]> {
    let after: { postedAt: Date; id: number } | null = null;
    for (let left = max; left > 0;) {
      const limit = Math.min(LISTING_BATCH, left);
      const rows = await listingBatch(db, s, after, limit);
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        id: Number(r.clip_id),
        postedAt: new Date(r.posted_at),
        streamId: r.stream_id,
        authorName: r.author_name,
        authorHandle: r.author_handle,
        body: r.body,
        link: r.link,
        ave: Number(r.ave),
        impactScore: Number(r.impact_score),
        favourabilityId: r.favourability_id,
        brandAssociationId: r.brand_association_id,
        classificationId: r.classification_id,
      }));
      const last = rows[rows.length - 1];
      after = { postedAt: new Date(last.posted_at), id: Number(last.id) };
      left -= rows.length;
      if (rows.length < limit) return;
    }
  };
}

export async function renderRequest(db: Db, guid: string, { now = new Date(), listingMaxRows }: RenderOptions = {}): Promise<RenderedFile> {
  const source = await requestSource(db, guid);
  if (!source) throw new Error(`report request ${guid} does not exist`);
  const { row, project } = source;
  if (project.is_deleted || project.bin_id === null) throw new Error(`project ${project.id} is deleted or has no bin`);
  const fr: FigureRequest = {
    reportName: row.name,
    kind: row.kind as ReportKind,
    project,
    clientName: row.client_name,
    timeZone: row.time_zone,
    streams: row.stream_ids,
    binIds: row.bin_ids,
    from: row.date_start,
    to: row.date_end,
  };
  const figures = await readFigures(db, fr, now);
  const day = (d: Date) => toWall(d, row.time_zone).toISOString().slice(0, 10);
  const stem = `${slug(row.name)}-${day(row.date_start)}-${day(new Date(row.date_end.getTime() - 1))}`;
  if (row.is_listing) {
    const sections: Section[] = ['headline', 'listing'];
    // The name the specification gives a listing export (docs/spec/000_a68d9a07050fe88c.txt, "Spreadsheet listing export").
    const fileName = ['Listing Report - ', project.description.replace(/[\\/:*?"<>|]/g, ''), '.xlsx'].join('');
    return { fileName, contentType: XLSX_TYPE, body: renderXlsx(figures, sections, listingOf(db, fr), listingMaxRows) };
  }
  // Without the Sentiment product the document has no sentiment section (figures.ts).
  const sections = sectionsOf(row.template_ids).filter((s) => figures.rated || s !== 'sentiment');
  if (isSpreadsheetLayout(row.layout_id))
    return {
      fileName: `${stem}.xlsx`,
      contentType: XLSX_TYPE,
      body: renderXlsx(figures, sections, sections.includes('listing') ? listingOf(db, fr) : null, listingMaxRows),
    };
  // The PDF holds no listing (every table of it is short), so it is made whole, then stored in pieces.
  return { fileName: `${stem}.pdf`, contentType: PDF_TYPE, body: [await renderPdf(figures, sections)] };
}
