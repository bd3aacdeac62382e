// The PDF document (pdfkit, pure JavaScript; charts are ECharts' SVG drawn as vectors by
// svg-to-pdfkit): a cover, then the sections of the report's templates, each page numbered
// "Page i of n" in its footer. Every date is the client's wall clock, named with its time zone.
import {
  STREAM_NAMES,
  changePercent,
  formatRand,
  partialText,
  responseTimeCells,
  responseTimeHeaders,
  responseTimeLines,
  topPostsRanking,
  type StreamId,
} from '@listening/contract';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { daysChart, favourabilityChart, sentimentChart, streamsChart, wordCloudChart } from './charts.ts';
import type { ReportFigures, Totals } from './figures.ts';
import type { Section } from './templates.ts';
import { cut, pdfText } from './text.ts';

/** svg-to-pdfkit ships no types: its one function, typed here. */
const SVGtoPDF = createRequire(import.meta.url)('svg-to-pdfkit') as (
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  options: { width: number; height: number; assumePt: boolean },
) => void;

const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const W = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 18;
const INK = '#212529';
const MUTED = '#868e96';
const ACCENT = '#1c3d5a';
const RULE = '#dee2e6';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock Date (UTC fields carry the client's time) as '1 Nov 2026, 14:00', the web app's format. */
export const wallText = (d: Date, withTime = true) =>
  `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}${withTime ? `, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : ''}`;
export const windowText = (start: Date, end: Date) => `${wallText(start)} - ${wallText(end)}`;
const streamName = (id: number) => STREAM_NAMES[id as StreamId] ?? `Stream ${id}`;
/** Whole numbers grouped by commas, as formatRand groups money, so one table never mixes two formats. */
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const change = (now: number, before: number) => {
  const p = changePercent(now, before);
  return p === null ? (now > 0 ? 'new' : '-') : `${p > 0 ? '+' : ''}${p}%`;
};

const SECTION_TITLES: Record<Section, string> = {
  headline: 'Headline figures',
  streams: 'Mentions per stream',
  sentiment: 'Sentiment and favourability',
  days: 'Daily insights',
  responses: 'Response times',
  topPosts: 'Top posts',
  topAuthors: 'Top authors',
  wordCloud: 'Word cloud',
  bins: 'Selected bins',
  listing: 'Clip listing',
};

type Doc = PDFKit.PDFDocument;

/** Starts a section: a new page when less than `need` points are left, then its title. */
function heading(doc: Doc, title: string, need: number) {
  if (doc.y + need + 30 > BOTTOM) doc.addPage();
  else doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(ACCENT).text(title, PAGE.margin, doc.y, { width: W });
  doc
    .moveTo(PAGE.margin, doc.y + 2)
    .lineTo(PAGE.margin + W, doc.y + 2)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y += 8;
}

function chart(doc: Doc, svg: string, x: number, y: number, width: number, height: number) {
  SVGtoPDF(doc, svg, x, y, { width, height, assumePt: true });
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table that breaks across pages, repeating its header; cells are plain text. */
function table(doc: Doc, columns: Column[], rows: string[][], fontSize = 9) {
  const x0 = PAGE.margin;
  const header = () => {
    let x = x0;
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(fontSize).fillColor(MUTED);
    for (const c of columns) {
      doc.text(c.title, x + 3, top, { width: c.width - 6, align: c.align ?? 'left', lineBreak: false });
      x += c.width;
    }
    doc.y = top + fontSize + 5;
    doc
      .moveTo(x0, doc.y - 2)
      .lineTo(x0 + W, doc.y - 2)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  };
  header();
  doc.font('Helvetica').fontSize(fontSize).fillColor(INK);
  rows.forEach((row, i) => {
    const height = Math.max(...row.map((cell, j) => doc.heightOfString(cell, { width: columns[j].width - 6 }))) + 6;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(fontSize).fillColor(INK);
    }
    const top = doc.y;
    if (i % 2 === 1)
      doc
        .rect(x0, top - 2, W, height)
        .fill('#f8f9fa')
        .fillColor(INK);
    let x = x0;
    row.forEach((cell, j) => {
      doc.text(cell, x + 3, top + 1, { width: columns[j].width - 6, align: columns[j].align ?? 'left' });
      x += columns[j].width;
    });
    doc.y = top + height;
  });
  doc.x = x0;
}

function cover(doc: Doc, f: ReportFigures, sections: Section[]) {
  doc.rect(0, 0, PAGE.width, 230).fill(ACCENT);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#a5d8ff')
    .text(f.kind === 'trend' ? 'TREND ANALYSIS REPORT' : 'STATS ANALYSIS REPORT', PAGE.margin, 90, { characterSpacing: 1.5 });
  doc
    .font('Helvetica-Bold')
    .fontSize(28)
    .fillColor('#ffffff')
    .text(cut(pdfText(f.reportName), 60), PAGE.margin, 112, { width: W });
  doc
    .font('Helvetica')
    .fontSize(13)
    .fillColor('#e7f5ff')
    .text(pdfText(f.projectName), PAGE.margin, doc.y + 6, { width: W });
  doc.y = 270;
  const facts: [string, string][] = [
    ['Client', pdfText(f.clientName)],
    ['Project', pdfText(f.projectName)],
    ['Window', windowText(f.startWall, f.endWall)],
    ...(f.previous ? ([['Compared with', windowText(f.previous.startWall, f.previous.endWall)]] as [string, string][]) : []),
    ['Streams', f.streams.map(streamName).join(', ')],
    ['Time zone', f.timeZone],
    ['Generated', wallText(f.generatedWall)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, PAGE.margin, y, { width: 110 });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(value, PAGE.margin + 120, y, { width: W - 120 });
    doc.y += 8;
  }
  doc.y += 20;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text('Contents', PAGE.margin, doc.y);
  doc.moveDown(0.4);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .list(
      sections.filter((s) => s !== 'listing' && (s !== 'bins' || f.bins.length > 0)).map((s) => SECTION_TITLES[s]),
      PAGE.margin + 6,
      doc.y,
      { bulletRadius: 1.6, textIndent: 10 },
    );
}

function headline(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.headline, 90);
  const t = f.totals;
  const p: Totals | undefined = f.previous?.totals;
  const rated = t.positive + t.neutral + t.negative;
  const share = (n: number) => (rated ? `${Math.round((n / rated) * 100)}%` : '-');
  const cards: [string, string, string | null][] = [
    ['Mentions', int(t.clips), p ? `${change(t.clips, p.clips)} vs previous` : null],
    ['AVE', formatRand(t.ave), p ? `${change(t.ave, p.ave)} vs previous` : null],
  ];
  if (f.rated)
    cards.push(
      ['Positive', share(t.positive), p ? `${int(t.positive)} posts (${change(t.positive, p.positive)})` : `${int(t.positive)} posts`],
      ['Negative', share(t.negative), p ? `${int(t.negative)} posts (${change(t.negative, p.negative)})` : `${int(t.negative)} posts`],
    );
  const gap = 10;
  const cw = (W - gap * 3) / 4;
  const top = doc.y + 4;
  cards.forEach(([label, value, note], i) => {
    const x = PAGE.margin + i * (cw + gap);
    doc.roundedRect(x, top, cw, 66, 5).lineWidth(0.8).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x + 10, top + 9, { width: cw - 20 });
    // The largest size at which the figure fits its card on one line (a large AVE is long).
    let size = 17;
    doc.font('Helvetica-Bold');
    while (size > 9 && doc.fontSize(size).widthOfString(value) > cw - 20) size--;
    doc
      .fontSize(size)
      .fillColor(INK)
      .text(value, x + 10, top + 24, { width: cw - 20, lineBreak: false });
    if (note)
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(note, x + 10, top + 48, { width: cw - 20, lineBreak: false });
  });
  doc.y = top + 76;
}

function streams(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.streams, 330);
  chart(doc, streamsChart(f, W, 210), PAGE.margin, doc.y, W, 210);
  doc.y += 220;
  const trend = f.previous;
  const cols: Column[] = trend
    ? [
        { title: 'Stream', width: 120 },
        { title: 'Mentions', width: 90, align: 'right' },
        { title: 'Previous', width: 90, align: 'right' },
        { title: 'Change', width: 65, align: 'right' },
        { title: 'AVE', width: W - 365, align: 'right' },
      ]
    : [
        { title: 'Stream', width: 180 },
        { title: 'Mentions', width: 150, align: 'right' },
        { title: 'AVE', width: W - 330, align: 'right' },
      ];
  const rows = f.byStream.map((s) => {
    const prev = trend?.byStream.get(s.streamId)?.clips ?? 0;
    return trend
      ? [streamName(s.streamId), int(s.clips), int(prev), change(s.clips, prev), formatRand(s.ave)]
      : [streamName(s.streamId), int(s.clips), formatRand(s.ave)];
  });
  rows.push(
    trend
      ? ['All streams', int(f.totals.clips), int(trend.totals.clips), change(f.totals.clips, trend.totals.clips), formatRand(f.totals.ave)]
      : ['All streams', int(f.totals.clips), formatRand(f.totals.ave)],
  );
  table(doc, cols, rows);
}

function sentiment(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.sentiment, 330);
  const half = (W - 16) / 2;
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Favourability', PAGE.margin, top);
  doc.text('Sentiment by brand association', PAGE.margin + half + 16, top);
  chart(doc, favourabilityChart(f, half, 200), PAGE.margin, top + 16, half, 200);
  chart(doc, sentimentChart(f, half, 200), PAGE.margin + half + 16, top + 16, half, 200);
  doc.y = top + 226;
  table(
    doc,
    [
      { title: 'Association', width: 110 },
      { title: 'Positive', width: 85, align: 'right' },
      { title: 'Neutral', width: 85, align: 'right' },
      { title: 'Negative', width: 85, align: 'right' },
      { title: 'AVE', width: W - 365, align: 'right' },
    ],
    f.sentiment.map((x) => [x.name, int(x.positive), int(x.neutral), int(x.negative), formatRand(x.ave)]),
  );
}

function days(doc: Doc, f: ReportFigures) {
  heading(doc, f.bucket === 'day' ? SECTION_TITLES.days : `${SECTION_TITLES.days} (per ${f.bucket})`, 250);
  chart(doc, daysChart(f, W, 230), PAGE.margin, doc.y, W, 230);
  doc.y += 236;
  const busiest = [...f.days].sort((a, b) => b.clips - a.clips)[0];
  if (busiest && busiest.clips > 0)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Busiest ${f.bucket}: ${f.bucket === 'day' ? '' : 'starting '}${wallText(new Date(`${busiest.day}T00:00:00Z`), false)}, with ${int(busiest.clips)} mentions and ${formatRand(busiest.ave)} AVE.`,
        PAGE.margin,
        doc.y,
        { width: W },
      );
  const note = partialNote(f);
  if (note)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(note, PAGE.margin, doc.y + 2, { width: W });
}

const PARTIAL_LISTED = 4;

/**
 * The partial periods of the daily insights in one sentence, as the screens say them (contract
 * periods.ts): 'Partial days, drawn dashed and lighter (a lower figure there is not a fall):
 * 28 Nov 2026 (So far: 15 of 24 hours).' Null when every period is whole.
 */
export function partialNote(f: Pick<ReportFigures, 'bucket' | 'days'>): string | null {
  const cut = f.days.filter((d) => d.partial);
  if (cut.length === 0) return null;
  const listed = cut.slice(0, PARTIAL_LISTED).map((d) => `${wallText(new Date(`${d.day}T00:00:00Z`), false)} (${partialText(d.partial!)})`);
  const more = cut.length > PARTIAL_LISTED ? ` and ${cut.length - PARTIAL_LISTED} more` : '';
  return `Partial ${f.bucket}s, drawn dashed and lighter (a lower figure there is not a fall): ${listed.join('; ')}${more}.`;
}

function topPosts(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.topPosts, 120);
  if (f.topPosts.length === 0) return empty(doc, 'No posts in this window.');
  // The dashboard's widget says the same of the same ranking (analytics/top-posts.ts).
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${topPostsRanking()}.`, PAGE.margin, doc.y, { width: W });
  doc.y += 4;
  const tz = f.timeZone;
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(iso),
    );
  table(
    doc,
    [
      { title: 'Posted', width: 62 },
      { title: 'Stream', width: 58 },
      { title: 'Author', width: 85 },
      { title: 'Post', width: W - 62 - 58 - 85 - 40 - 70 },
      { title: 'Impact', width: 40, align: 'right' },
      { title: 'AVE', width: 70, align: 'right' },
    ],
    f.topPosts.map((p) => [
      when(p.DatePosted),
      streamName(p.StreamId),
      cut(pdfText(p.AuthorName) || '-', 40),
      cut(pdfText(p.Body), 220),
      p.ImpactScore.toFixed(1),
      formatRand(p.AVE),
    ]),
    8.5,
  );
}

function topAuthors(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.topAuthors, 120);
  if (f.topAuthors.length === 0) return empty(doc, 'No authors in this window.');
  table(
    doc,
    [
      { title: 'Author', width: 140 },
      { title: 'Handle', width: 110 },
      { title: 'Networks', width: 65 },
      { title: 'Followers', width: 70, align: 'right' },
      { title: 'Posts', width: 50, align: 'right' },
      { title: 'AVE', width: W - 435, align: 'right' },
    ],
    f.topAuthors.map((a) => [
      cut(pdfText(a.name) || '-', 40),
      cut(pdfText(a.handle ?? '') || '-', 30),
      a.streamIds.map(streamName).join(', '),
      int(a.followers),
      int(a.clips),
      formatRand(a.ave),
    ]),
  );
}

function wordCloud(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.wordCloud, 270);
  chart(doc, wordCloudChart(f, W, 260), PAGE.margin, doc.y, W, 260);
  doc.y += 266;
}

function bins(doc: Doc, f: ReportFigures) {
  if (f.bins.length === 0) return;
  heading(doc, SECTION_TITLES.bins, 80);
  const trend = f.previous !== null;
  table(
    doc,
    trend
      ? [
          { title: 'Bin', width: W - 240 },
          { title: 'Mentions', width: 80, align: 'right' },
          { title: 'Previous', width: 80, align: 'right' },
          { title: 'Change', width: 80, align: 'right' },
        ]
      : [
          { title: 'Bin', width: W - 120 },
          { title: 'Mentions', width: 120, align: 'right' },
        ],
    f.bins.map((b) => (trend ? [pdfText(b.name), int(b.clips), int(b.previous ?? 0), change(b.clips, b.previous ?? 0)] : [pdfText(b.name), int(b.clips)])),
  );
}

function empty(doc: Doc, text: string) {
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(text, PAGE.margin, doc.y, { width: W });
}

function responses(doc: Doc, f: ReportFigures) {
  heading(doc, SECTION_TITLES.responses, 120);
  const t = f.responses;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Posts to the project's own accounts that ask, complain or request; the time to an own account's first reply, and the share answered within the project's wait of ${t.WaitMinutes} minutes.${t.Truncated ? ' The window holds more such posts than the figures weigh: the newest were counted.' : ''}`,
      PAGE.margin,
      doc.y,
      { width: W },
    );
  doc.moveDown(0.5);
  const [needing, answered, median, p90, within] = responseTimeHeaders(t.WaitMinutes);
  const cols: Column[] = [
    { title: '', width: W - 375 },
    { title: needing, width: 85, align: 'right' },
    { title: answered, width: 75, align: 'right' },
    { title: median, width: 65, align: 'right' },
    { title: p90, width: 75, align: 'right' },
    { title: within, width: 75, align: 'right' },
  ];
  table(doc, cols, responseTimeLines(t).map(responseTimeCells), 8);
}

const DRAW: Partial<Record<Section, (doc: Doc, f: ReportFigures) => void>> = {
  headline,
  streams,
  sentiment,
  days,
  responses,
  topPosts,
  topAuthors,
  wordCloud,
  bins,
};

/** Numbers every page in its footer, once all pages exist. */
function footers(doc: Doc, f: ReportFigures) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 8;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(cut(`${pdfText(f.reportName)} - ${pdfText(f.projectName)}`, 90), PAGE.margin, y, { width: W * 0.75, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin, y, { width: W, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The report as a PDF. */
export async function renderPdf(f: ReportFigures, sections: Section[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: pdfText(f.reportName), Author: pdfText(f.clientName), Subject: `${pdfText(f.projectName)}, ${windowText(f.startWall, f.endWall)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cover(doc, f, sections);
  doc.addPage();
  let first = true;
  for (const s of sections) {
    const draw = DRAW[s];
    if (!draw) continue;
    // The first section starts at the top of the page after the cover.
    if (first) doc.y = PAGE.margin - 12;
    first = false;
    draw(doc, f);
  }
  footers(doc, f);
  doc.end();
  return done;
}
