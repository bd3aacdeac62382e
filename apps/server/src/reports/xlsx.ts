// The spreadsheet (layout 2, and every clip listing): exceljs' streaming WorkbookWriter, one sheet
// per section of the templates, and the clip listing written row by row as batches arrive and
// committed at once, so a window of clips never sits in memory as rows or cells; the workbook is a
// stream the caller stores as it comes (files.ts). The listing stops at REPORT_LISTING_MAX_ROWS
// clips and then says so in a last row. Without styles: exceljs' style table doubles the time of
// every row written (measured on 100,000 rows), so money is a plain number in an 'AVE (R)' column
// and headers are a frozen first row, not bold; the one format written is the quote prefix of text
// that starts like a formula (formula-guard.ts).
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  BRAND_ASSOCIATION_LOOKUP,
  CLASSIFICATION_NAMES,
  FAVOURABILITY_LOOKUP,
  LISTING_BODY_MAX,
  REPORT_LISTING_MAX_ROWS,
  STREAM_NAMES,
  partialText,
  reportListingTruncatedNote,
  responseTimeHeaders,
  responseTimeLines,
  topPostsRanking,
  type StreamId,
} from '@listening/contract';
import type ExcelJS from 'exceljs';
import type { ReportFigures } from './figures.ts';
import { guardedSheet, guardRow, workbookWriter } from './formula-guard.ts';
import { windowText, wallText } from './pdf.ts';
import type { Section } from './templates.ts';

const streamName = (id: number) => STREAM_NAMES[id as StreamId] ?? `Stream ${id}`;

export interface ListingClip {
  id: number;
  postedAt: Date;
  streamId: number;
  authorName: string | null;
  authorHandle: string | null;
  body: string;
  link: string | null;
  ave: number;
  impactScore: number;
  favourabilityId: number;
  brandAssociationId: number;
  classificationId: number;
}

/**
 * Batches of the window's clips, oldest first, at most `max` clips in all; the writer asks for the
 * next batch when it has written the last.
 */
export type ListingSource = (max: number) => AsyncIterable<ListingClip[]>;

/** Figures' number formats, one per kind of column: money to the cent, counts whole, both grouped by commas as in the PDF. */
const RAND_FORMAT = '#,##0.00';
const COUNT_FORMAT = '#,##0';
const COUNT_HEADERS = ['Mentions', 'Previous mentions', 'Positive', 'Neutral', 'Negative', 'Followers', 'Posts'];

/** A figures sheet: its money and count columns formatted (the clip listing stays unstyled, for speed). */
const sheet = (wb: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[], figures = true) =>
  guardedSheet(
    wb,
    name,
    figures
      ? columns.map((c) => {
          const numFmt = c.header === 'AVE (R)' ? RAND_FORMAT : COUNT_HEADERS.includes(String(c.header)) ? COUNT_FORMAT : undefined;
          return numFmt ? { ...c, style: { numFmt } } : c;
        })
      : columns,
  );

/**
 * A sheet of one row an item, each guarded against formulas (names and posts are users' text),
 * then `after`: the closing rows the product writes (a total, a note), committed.
 */
function listSheet<T>(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: Partial<ExcelJS.Column>[],
  items: readonly T[],
  row: (item: T) => Record<string, unknown>,
  after: Record<string, unknown>[] = [],
) {
  const ws = sheet(wb, name, columns);
  for (const item of items) guardRow(ws.addRow(row(item))).commit();
  for (const r of after) ws.addRow(r).commit();
  ws.commit();
}

const lookup = (list: readonly { Id: number; Description: string }[], id: number) => list.find((x) => x.Id === id)?.Description ?? '';

/**
 * The report as an .xlsx file: a stream that starts at once and ends with the workbook; an error
 * destroys it. The listing holds at most `listingMaxRows` clips, then a last row says it stopped.
 */
export function renderXlsx(f: ReportFigures, sections: Section[], listing: ListingSource | null, listingMaxRows = REPORT_LISTING_MAX_ROWS): Readable {
  const out = new PassThrough();
  write(out, f, sections, listing, listingMaxRows).catch((err: Error) => out.destroy(err));
  return out;
}

async function write(out: PassThrough, f: ReportFigures, sections: Section[], listing: ListingSource | null, listingMaxRows: number) {
  const wb = workbookWriter(out);
  wb.creator = f.clientName;
  wb.title = f.reportName;

  const summary = sheet(wb, 'Summary', [
    { header: 'Report', key: 'k', width: 26 },
    { header: f.reportName, key: 'v', width: 48 },
  ]);
  const facts: [string, string | number][] = [
    ['Kind', f.kind === 'trend' ? 'Trend Analysis' : 'Stats Analysis'],
    ['Client', f.clientName],
    ['Project', f.projectName],
    ['Window', windowText(f.startWall, f.endWall)],
    ...(f.previous ? ([['Compared with', windowText(f.previous.startWall, f.previous.endWall)]] as [string, string][]) : []),
    ['Streams', f.streams.map(streamName).join(', ')],
    ['Time zone', f.timeZone],
    ['Generated', wallText(f.generatedWall)],
  ];
  for (const [k, v] of facts) guardRow(summary.addRow({ k, v })).commit();
  if (sections.includes('headline')) {
    summary.addRow({}).commit();
    const t = f.totals;
    const rows: [string, number, number | undefined][] = [
      ['Mentions', t.clips, f.previous?.totals.clips],
      ['AVE (R)', t.ave, f.previous?.totals.ave],
    ];
    if (f.rated)
      rows.push(
        ['Positive posts', t.positive, f.previous?.totals.positive],
        ['Neutral posts', t.neutral, f.previous?.totals.neutral],
        ['Negative posts', t.negative, f.previous?.totals.negative],
      );
    if (f.previous) summary.addRow({ k: 'Figure', v: 'This window' }).commit();
    for (const [k, v, p] of rows) {
      const row = summary.addRow([k, v, ...(p === undefined ? [] : [p])]);
      // Money and counts share the figures' columns here: each cell takes its own kind's format.
      for (const col of [2, 3]) row.getCell(col).numFmt = k === 'AVE (R)' ? RAND_FORMAT : COUNT_FORMAT;
      row.commit();
    }
    if (f.previous) summary.getColumn(3).width = 16;
  }
  summary.commit();

  if (sections.includes('streams')) {
    const columns = [
      { header: 'Stream', key: 'stream', width: 16 },
      { header: 'Mentions', key: 'clips', width: 12 },
      { header: 'AVE (R)', key: 'ave', width: 16 },
      ...(f.previous ? [{ header: 'Previous mentions', key: 'prev', width: 18 }] : []),
    ];
    listSheet(wb, 'Streams', columns, f.byStream, (s) => ({
      stream: streamName(s.streamId),
      clips: s.clips,
      ave: s.ave,
      prev: f.previous?.byStream.get(s.streamId)?.clips ?? 0,
    }));
  }
  if (sections.includes('sentiment') && f.rated) {
    const columns = [
      { header: 'Brand association', key: 'name', width: 20 },
      { header: 'Positive', key: 'positive', width: 12 },
      { header: 'Neutral', key: 'neutral', width: 12 },
      { header: 'Negative', key: 'negative', width: 12 },
      { header: 'AVE (R)', key: 'ave', width: 16 },
    ];
    const all = { name: 'All', positive: f.totals.positive, neutral: f.totals.neutral, negative: f.totals.negative, ave: f.totals.ave };
    listSheet(wb, 'Sentiment', columns, f.sentiment, (x) => ({ ...x }), [all]);
  }
  if (sections.includes('days')) {
    const ws = sheet(wb, f.bucket === 'day' ? 'Daily insights' : `Per ${f.bucket}`, [
      { header: f.bucket === 'day' ? 'Day' : `${f.bucket[0].toUpperCase()}${f.bucket.slice(1)} starting`, key: 'day', width: 14 },
      { header: 'Mentions', key: 'clips', width: 12 },
      { header: 'AVE (R)', key: 'ave', width: 16 },
      ...(f.rated
        ? [
            { header: 'Positive', key: 'positive', width: 12 },
            { header: 'Neutral', key: 'neutral', width: 12 },
            { header: 'Negative', key: 'negative', width: 12 },
          ]
        : []),
      ...(f.previous ? [{ header: 'Previous mentions', key: 'prev', width: 18 }] : []),
      // A cut first or last period, the one holding the report's making, or one before the data
      // starts, said in words (contract periods.ts), so a low row is not read as a fall.
      { header: 'Partial', key: 'partial', width: 34 },
    ]);
    f.days.forEach((d, i) => ws.addRow({ ...d, prev: f.previous?.days[i]?.clips ?? 0, partial: d.partial ? partialText(d.partial) : '' }).commit());
    ws.commit();
  }
  if (sections.includes('responses')) {
    const [needing, answered, median, p90, within] = responseTimeHeaders(f.responses.WaitMinutes);
    const ws = sheet(wb, 'Response times', [
      { header: 'Network or week', key: 'label', width: 22 },
      { header: needing, key: 'needing', width: 14, style: { numFmt: COUNT_FORMAT } },
      { header: answered, key: 'answered', width: 14, style: { numFmt: COUNT_FORMAT } },
      { header: `${median} (min)`, key: 'median', width: 12 },
      { header: `${p90} (min)`, key: 'p90', width: 16 },
      { header: within, key: 'within', width: 18, style: { numFmt: '0%' } },
    ]);
    for (const l of responseTimeLines(f.responses))
      ws.addRow({
        label: l.label,
        needing: l.row.Needing,
        answered: l.row.Answered,
        median: l.row.MedianMinutes,
        p90: l.row.P90Minutes,
        within: l.row.AnsweredWithinWait,
      }).commit();
    ws.commit();
  }
  if (sections.includes('topPosts')) {
    const columns = [
      { header: 'Posted', key: 'posted', width: 18 },
      { header: 'Stream', key: 'stream', width: 12 },
      { header: 'Author', key: 'author', width: 24 },
      { header: 'Post', key: 'body', width: 80 },
      { header: 'AVE (R)', key: 'ave', width: 14 },
      { header: 'Link', key: 'link', width: 40 },
    ];
    const post = (p: (typeof f.topPosts)[number]) => ({
      posted: localTime(new Date(p.DatePosted), f.timeZone),
      stream: streamName(p.StreamId),
      author: p.AuthorName,
      body: p.Body,
      ave: p.AVE,
      link: p.Link ?? '',
    });
    // The ranking in words, as the PDF and the dashboard's widget say it (analytics/top-posts.ts).
    listSheet(wb, 'Top posts', columns, f.topPosts, post, [{ posted: `${topPostsRanking()}.` }]);
  }
  if (sections.includes('topAuthors')) {
    const columns = [
      { header: 'Author', key: 'name', width: 28 },
      { header: 'Handle', key: 'handle', width: 22 },
      { header: 'Networks', key: 'stream', width: 22 },
      { header: 'Followers', key: 'followers', width: 12 },
      { header: 'Posts', key: 'clips', width: 10 },
      { header: 'AVE (R)', key: 'ave', width: 14 },
    ];
    listSheet(wb, 'Top authors', columns, f.topAuthors, (a) => ({ ...a, handle: a.handle ?? '', stream: a.streamIds.map(streamName).join(', ') }));
  }
  if (sections.includes('wordCloud')) {
    const columns = [
      { header: 'Word', key: 'value', width: 24 },
      { header: 'Posts', key: 'count', width: 10 },
    ];
    listSheet(wb, 'Word cloud', columns, f.words, (w) => ({ ...w }));
  }
  if (sections.includes('bins') && f.bins.length) {
    const columns = [
      { header: 'Bin', key: 'name', width: 30 },
      { header: 'Mentions', key: 'clips', width: 12 },
      ...(f.previous ? [{ header: 'Previous mentions', key: 'previous', width: 18 }] : []),
    ];
    listSheet(wb, 'Bins', columns, f.bins, (b) => ({ ...b }));
  }
  if (listing) {
    const ws = sheet(
      wb,
      'Clips',
      [
        { header: 'Posted', key: 'posted', width: 18 },
        { header: 'Stream', key: 'stream', width: 11 },
        { header: 'Author', key: 'author', width: 24 },
        { header: 'Handle', key: 'handle', width: 18 },
        { header: 'Post', key: 'body', width: 80 },
        { header: 'Link', key: 'link', width: 36 },
        { header: 'AVE (R)', key: 'ave', width: 12 },
        { header: 'Impact', key: 'impact', width: 9 },
        { header: 'Favourability', key: 'fav', width: 13 },
        { header: 'Brand association', key: 'assoc', width: 17 },
        { header: 'Sentiment', key: 'cls', width: 11 },
        { header: 'Clip id', key: 'id', width: 11 },
      ],
      false,
    );
    let written = 0;
    // One clip past the maximum is read, to know whether the listing stopped.
    batches: for await (const batch of listing(listingMaxRows + 1)) {
      for (const c of batch) {
        if (written === listingMaxRows) {
          ws.addRow([reportListingTruncatedNote(listingMaxRows)]).commit();
          break batches;
        }
        written++;
        // In column order: an array skips exceljs' key lookup of every cell.
        guardRow(
          ws.addRow([
            localTime(c.postedAt, f.timeZone),
            streamName(c.streamId),
            c.authorName ?? '',
            c.authorHandle ?? '',
            // A cell holds at most 32,767 characters (Excel refuses the file otherwise).
            c.body.length > LISTING_BODY_MAX ? c.body.slice(0, LISTING_BODY_MAX) : c.body,
            c.link ?? '',
            c.ave,
            c.impactScore,
            lookup(FAVOURABILITY_LOOKUP, c.favourabilityId),
            lookup(BRAND_ASSOCIATION_LOOKUP, c.brandAssociationId === 0 ? 3 : c.brandAssociationId),
            CLASSIFICATION_NAMES[c.classificationId] ?? '',
            c.id,
          ]),
        ).commit();
      }
      if (out.destroyed) return;
      // The reader stores the file as it comes: wait while its buffer is full.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    ws.commit();
  }
  await wb.commit();
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** An instant as the client's wall clock, 'YYYY-MM-DD HH:mm'. */
function localTime(d: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f.format(d);
}
