// Makes the files the demo's tutorials ship with, in apps/server/assets/mentor/ (committed, so
// nothing at run time or in CI makes them):
//   listening-user-guide.pdf   a short user guide of the product's own screens (pdf-lib)
//   workflow-board-tour.webm   a few seconds' tour of the workflow board, only when ffmpeg is
//                              installed (otherwise the committed file is kept)
// Run after changing the guide's text: npx tsx apps/server/scripts/make-mentor-assets.ts
// The PDF is byte-for-byte the same on every run (fixed dates), so a diff shows a real change.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const OUT = fileURLToPath(new URL('../assets/mentor/', import.meta.url));
export const GUIDE_FILE = 'listening-user-guide.pdf';
export const VIDEO_FILE = 'workflow-board-tour.webm';

interface Section {
  title: string;
  where: string;
  paragraphs: string[];
  /** Labelled boxes drawn as a small sketch of the screen. */
  sketch: string[];
}

const SECTIONS: Section[] = [
  {
    title: 'Your project dashboard',
    where: 'Clients > a client > a project',
    paragraphs: [
      'The dashboard is the first screen of every project. The header holds the project name, the Filter menu (date range and streams) and the side menu with the analysis tools.',
      'The cards at the top count the posts, authors, reach and engagement of the range you chose, each compared with the range before it. Below them the heatmap shows when people post, and the charts split the posts by stream, favourability and sentiment.',
      'Change the range with the Filter menu: every chart follows, and the address bar keeps the filter, so a link you share opens the same view. Click a chart to open the posts behind it in the clip tray.',
    ],
    sketch: ['Filter menu', 'Cards: posts, authors, reach', 'Heatmap', 'Streams and favourability'],
  },
  {
    title: 'Reaction lists',
    where: 'A project > side menu > Reaction Lists',
    paragraphs: [
      'A reaction list (a word bin) watches a project for keywords and tells the people you choose when new posts match. Crisis lists do the same and also watch for a sudden rise in matches.',
      'Choose Add, name the list, give its keywords (a post matches when it holds any of them), the interval at which recipients are told (Immediate up to once a day), and the dates it runs between. Add recipients from the contacts of the client.',
      'Open a list to see its keywords, its recipients and its log: every delivery, with the posts it carried. A list can be put in a group so related lists stay together.',
    ],
    sketch: ['Add', 'Groups', 'Lists with keywords', 'Log of deliveries'],
  },
  {
    title: 'Workflow board',
    where: 'Reaction Lists > a list > View Workflow',
    paragraphs: [
      'Every reaction list has a board. Each post the list matches becomes a ticket in the default column (New at first), so nothing is missed.',
      'Add columns for the way your team works (for example To answer, Answered, Escalated), rename them, and choose which one is the default. Drag a ticket to another column, or use the keyboard: focus the ticket, press Space, move with the arrow keys and press Space again.',
      'An admin of the client may give the board a background image (PNG, JPEG or WebP of at most 2 MB).',
    ],
    sketch: ['New', 'To answer', 'Answered', 'Escalated'],
  },
  {
    title: 'Linking social accounts',
    where: 'A project > Access tokens',
    paragraphs: [
      "A project follows public posts without any account. To see your own pages' followers and private figures, link the project's accounts on each network: choose the network, sign in with the network's own page and grant access.",
      'Facebook lists the pages you manage; Instagram needs a business account linked to one of those pages, otherwise the product says that no Instagram Business account is linked to your profile. X, LinkedIn and TikTok each ask you to approve access once.',
      'Tokens are kept encrypted on the server and never shown in the browser. Revoke a link from the same screen at any time.',
    ],
    sketch: ['X', 'Facebook', 'Instagram', 'LinkedIn', 'TikTok'],
  },
];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.2);
const ACCENT = rgb(0.13, 0.4, 0.85);
const MUTED = rgb(0.42, 0.45, 0.5);

/** Lines of at most `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function footer(page: PDFPage, font: PDFFont, n: number, of: number): void {
  page.drawText(`Listening user guide  ·  page ${n} of ${of}`, { x: MARGIN, y: 32, size: 9, font, color: MUTED });
}

export async function makeGuide(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date('2026-01-01T00:00:00Z');
  doc.setTitle('Listening user guide');
  doc.setAuthor('Listening');
  doc.setSubject("A short guide to the product's own screens");
  doc.setCreator('apps/server/scripts/make-mentor-assets.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const total = SECTIONS.length + 1;
  const width = A4[0] - 2 * MARGIN;

  const cover = doc.addPage(A4);
  cover.drawRectangle({ x: 0, y: A4[1] - 260, width: A4[0], height: 260, color: ACCENT });
  cover.drawText('Listening', { x: MARGIN, y: A4[1] - 140, size: 40, font: bold, color: rgb(1, 1, 1) });
  cover.drawText('User guide', { x: MARGIN, y: A4[1] - 185, size: 22, font: regular, color: rgb(1, 1, 1) });
  let y = A4[1] - 320;
  cover.drawText('In this guide', { x: MARGIN, y, size: 16, font: bold, color: INK });
  y -= 28;
  SECTIONS.forEach((s, i) => {
    cover.drawText(`${i + 2}.  ${s.title}`, { x: MARGIN, y, size: 12, font: regular, color: INK });
    y -= 20;
  });
  y -= 16;
  for (const line of wrap(
    'Each chapter matches a tutorial of the same name in the app: open Tutorials from the side menu, or choose Help for this screen in the header where a tutorial exists for the screen you are on.',
    regular,
    11,
    width,
  )) {
    cover.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: MUTED });
    y -= 16;
  }
  footer(cover, regular, 1, total);

  SECTIONS.forEach((s, i) => {
    const page = doc.addPage(A4);
    let y = A4[1] - MARGIN - 10;
    page.drawText(`${i + 2}. ${s.title}`, { x: MARGIN, y, size: 22, font: bold, color: INK });
    y -= 22;
    page.drawText(s.where, { x: MARGIN, y, size: 11, font: regular, color: ACCENT });
    y -= 30;
    for (const p of s.paragraphs) {
      for (const line of wrap(p, regular, 11.5, width)) {
        page.drawText(line, { x: MARGIN, y, size: 11.5, font: regular, color: INK });
        y -= 16.5;
      }
      y -= 10;
    }
    // A sketch of the screen: one labelled box per part, side by side.
    y -= 20;
    const gap = 10;
    const boxW = (width - gap * (s.sketch.length - 1)) / s.sketch.length;
    page.drawRectangle({ x: MARGIN - 8, y: y - 150, width: width + 16, height: 170, borderColor: MUTED, borderWidth: 0.6 });
    s.sketch.forEach((label, k) => {
      const x = MARGIN + k * (boxW + gap);
      page.drawRectangle({ x, y: y - 130, width: boxW, height: 130, color: rgb(0.93, 0.95, 0.99), borderColor: ACCENT, borderWidth: 0.8 });
      let ly = y - 20;
      for (const line of wrap(label, bold, 10, boxW - 12)) {
        page.drawText(line, { x: x + 6, y: ly, size: 10, font: bold, color: INK });
        ly -= 13;
      }
    });
    page.drawText('Sketch of the screen', { x: MARGIN, y: y - 145, size: 8, font: regular, color: MUTED });
    footer(page, regular, i + 2, total);
  });
  return doc.save({ useObjectStreams: true });
}

/** A 7-second tour of a board: three columns and a ticket moving from New to Answered. */
function makeVideo(file: string): void {
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  const text = (t: string, x: string, y: string, size: number, extra = '') =>
    `drawtext=fontfile=${font}:text='${t}':x=${x}:y=${y}:fontsize=${size}:fontcolor=0x1f2633${extra}`;
  // The board (columns and their names), then the ticket laid over it at a position that moves with time.
  const board = [
    'drawbox=x=40:y=90:w=170:h=230:color=0xdbe4ff:t=fill',
    'drawbox=x=235:y=90:w=170:h=230:color=0xdbe4ff:t=fill',
    'drawbox=x=430:y=90:w=170:h=230:color=0xdbe4ff:t=fill',
    text('Workflow board', '40', '30', 26),
    text('New', '55', '100', 16),
    text('To answer', '250', '100', 16),
    text('Answered', '445', '100', 16),
    text('Drag a ticket to the next column', '40', '335', 16, ":enable='lt(t,4.5)'"),
    text('or press Space and use the arrow keys', '40', '335', 16, ":enable='gte(t,4.5)'"),
  ].join(',');
  const ticket = text('Great service!', '10', '22', 13, ':fontcolor=white');
  const x = 'if(lt(t,2),50,if(lt(t,3.5),50+(t-2)/1.5*195,if(lt(t,4.5),245,if(lt(t,6),245+(t-4.5)/1.5*195,440))))';
  const graph = `[0:v]${board}[bg];[1:v]${ticket}[tk];[bg][tk]overlay=x='${x}':y=135:eval=frame[out]`;
  execFileSync(
    'ffmpeg',
    [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'color=c=0xf8f9fb:s=640x360:r=20:d=7'],
      ...['-f', 'lavfi', '-i', 'color=c=0x2266dd:s=150x60:r=20:d=7'],
      ...['-filter_complex', graph, '-map', '[out]', '-c:v', 'libvpx-vp9', '-b:v', '150k', '-an', file],
    ],
    { stdio: 'inherit' },
  );
}

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(`${OUT}${GUIDE_FILE}`, await makeGuide());
  console.log(`wrote ${OUT}${GUIDE_FILE}`);
  if (hasFfmpeg()) {
    makeVideo(`${OUT}${VIDEO_FILE}`);
    console.log(`wrote ${OUT}${VIDEO_FILE}`);
  } else if (existsSync(`${OUT}${VIDEO_FILE}`)) console.log(`ffmpeg is not installed: kept ${OUT}${VIDEO_FILE}`);
  else console.log('ffmpeg is not installed: the video was not made');
}
