// The CSV file of posts for an input bin: its columns, a template, and one reader used by the
// screen (to show problems before sending) and by the server (which decides). Rows are numbered
// as a spreadsheet shows them: the header is row 1, the first post row 2.
import { quoteInput } from '../common.ts';
import { BLOG_STREAM, INGEST_STREAM_IDS, STREAM_NAMES } from '../constants.ts';
import { ManualPost } from './model.ts';

/** Largest file, in characters (the request carries it as text). */
export const INPUT_BIN_CSV_MAX_CHARS = 500_000;
/** Most posts one file may add. */
export const INPUT_BIN_CSV_MAX_ROWS = 1000;
/** Most row problems one answer lists (the count is always given). */
export const INPUT_BIN_CSV_MAX_ERRORS = 20;

/** The columns, in the template's order; the first four are required. */
export const INPUT_BIN_CSV_COLUMNS = [
  { name: 'Network', required: true, help: 'X, Facebook, Instagram, YouTube, LinkedIn, TikTok or Blog (or its stream id, 7 to 13)' },
  { name: 'Author', required: true, help: "the author's name or @handle" },
  { name: 'Date', required: true, help: "when it was posted, in the client's time zone: 2024-05-01 or 2024-05-01 14:30" },
  { name: 'Text', required: true, help: 'the text of the post' },
  { name: 'Link', required: false, help: 'the address of the post, http:// or https://' },
  { name: 'Likes', required: false, help: 'a whole number' },
  { name: 'Comments', required: false, help: 'a whole number' },
  { name: 'Shares', required: false, help: 'a whole number' },
  { name: 'Views', required: false, help: 'a whole number' },
  { name: 'Followers', required: false, help: "the author's followers, a whole number" },
] as const;

/** The downloadable template: the header and one example row. */
export const INPUT_BIN_CSV_TEMPLATE =
  `${INPUT_BIN_CSV_COLUMNS.map((c) => c.name).join(',')}\r\n` +
  'X,@thandi_m,2024-05-01 14:30,"Loving the new flavour, well done!",https://x.com/thandi_m/status/1,12,3,1,,850\r\n';

/** Stream names a file may use, folded: the product's names plus a few common ones. */
const NETWORKS: Record<string, number> = {
  ...Object.fromEntries(Object.entries(STREAM_NAMES).map(([id, name]) => [name.toLowerCase(), Number(id)])),
  twitter: 7,
  'x (twitter)': 7,
  blog: BLOG_STREAM,
  rss: BLOG_STREAM,
};

/** The stream id of a Network cell ('Facebook', 'facebook', '8'), or null. */
export function networkOf(cell: string): number | null {
  const v = cell.trim().toLowerCase();
  if (/^\d+$/.test(v)) return INGEST_STREAM_IDS.includes(Number(v)) ? Number(v) : null;
  return NETWORKS[v] ?? null;
}

/** RFC 4180 records: commas, "quoted" fields with "" for a quote, line breaks inside quotes. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark from spreadsheet programs
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export interface CsvRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  post: ManualPost;
}
export interface CsvProblem {
  /** The row's number, or null for the file as a whole. */
  row: number | null;
  message: string;
}
export interface CsvReading {
  rows: CsvRow[];
  problems: CsvProblem[];
}

const count = (name: string, cell: string | undefined, problems: string[]): number | undefined => {
  const v = (cell ?? '').trim().replace(/[\s_]/g, '');
  if (v === '') return undefined;
  if (!/^\d+$/.test(v)) {
    problems.push(`${name} must be a whole number, got ${quoteInput(cell ?? '')}`);
    return undefined;
  }
  return Number(v);
};

/**
 * Reads a file: every row checked as the form's post is (ManualPost), with its row number. A file
 * with any problem adds nothing, so callers store only when `problems` is empty.
 */
export function readInputBinCsv(text: string): CsvReading {
  if (text.length > INPUT_BIN_CSV_MAX_CHARS)
    return {
      rows: [],
      problems: [{ row: null, message: `The file is larger than ${INPUT_BIN_CSV_MAX_CHARS.toLocaleString('en-US')} characters: split it into smaller files` }],
    };
  // Row numbers follow the file's records, blank rows included, as a spreadsheet numbers them.
  const all = csvRecords(text);
  const headerAt = all.findIndex((r) => r.some((cell) => cell.trim() !== ''));
  if (headerAt < 0) return { rows: [], problems: [{ row: null, message: 'The file is empty: it needs a header row and at least one post' }] };
  const header = all[headerAt].map((h) => h.trim().toLowerCase());
  const known = new Map(INPUT_BIN_CSV_COLUMNS.map((c) => [c.name.toLowerCase(), c.name]));
  const fileProblems: CsvProblem[] = [];
  for (const h of header)
    if (h && !known.has(h))
      fileProblems.push({
        row: null,
        message: `The header row's column ${quoteInput(h)} is not one of ${INPUT_BIN_CSV_COLUMNS.map((c) => c.name).join(', ')}`,
      });
  for (const c of INPUT_BIN_CSV_COLUMNS)
    if (c.required && !header.includes(c.name.toLowerCase())) fileProblems.push({ row: null, message: `The header row has no ${c.name} column` });
  const seen = new Set<string>();
  for (const h of header) {
    if (h && seen.has(h)) fileProblems.push({ row: null, message: `The header row names ${known.get(h) ?? h} twice` });
    seen.add(h);
  }
  if (fileProblems.length) return { rows: [], problems: fileProblems };

  const col = (record: string[], name: string) => {
    const at = header.indexOf(name.toLowerCase());
    return at < 0 ? undefined : record[at];
  };
  const rows: CsvRow[] = [];
  const problems: CsvProblem[] = [];
  for (let r = headerAt + 1; r < all.length; r++) {
    const record = all[r];
    if (!record.some((cell) => cell.trim() !== '')) continue;
    const row = r + 1;
    if (rows.length + problems.length >= INPUT_BIN_CSV_MAX_ROWS)
      return {
        rows: [],
        problems: [{ row: null, message: `The file has more than ${INPUT_BIN_CSV_MAX_ROWS.toLocaleString('en-US')} posts: split it into smaller files` }],
      };
    const own: string[] = [];
    if (record.length > header.length) own.push(`it has ${record.length} cells but the header has ${header.length} columns (quote text that holds a comma)`);
    const network = col(record, 'Network') ?? '';
    const streamId = networkOf(network);
    if (streamId === null) own.push(`Network ${quoteInput(network.trim())} is not one of X, Facebook, Instagram, YouTube, LinkedIn, TikTok, Blog`);
    const counts = {
      likes: count('Likes', col(record, 'Likes'), own),
      comments: count('Comments', col(record, 'Comments'), own),
      shares: count('Shares', col(record, 'Shares'), own),
      views: count('Views', col(record, 'Views'), own),
      followers: count('Followers', col(record, 'Followers'), own),
    };
    const parsed = ManualPost.safeParse({
      streamId: streamId ?? INGEST_STREAM_IDS[0],
      author: col(record, 'Author') ?? '',
      text: col(record, 'Text') ?? '',
      datePosted: (col(record, 'Date') ?? '').trim(),
      link: col(record, 'Link') ?? '',
      ...counts,
    });
    if (!parsed.success) own.push(...parsed.error.issues.map((i) => i.message));
    if (own.length || !parsed.success) problems.push({ row, message: own.join('; ') });
    else rows.push({ row, post: parsed.data });
  }
  if (rows.length === 0 && problems.length === 0) return { rows, problems: [{ row: null, message: 'The file has a header row but no posts' }] };
  return { rows, problems };
}

/** The problems of a file as one message: how many rows, then the first of them by row number. */
export function csvProblemsMessage(problems: readonly CsvProblem[]): string {
  const rows = problems.filter((p) => p.row !== null).length;
  const head =
    rows > 0 ? `Nothing was added: ${rows} ${rows === 1 ? 'row has a problem' : 'rows have problems'}.` : 'Nothing was added: the file cannot be read.';
  const listed = problems.slice(0, INPUT_BIN_CSV_MAX_ERRORS).map((p) => (p.row === null ? p.message : `Row ${p.row}: ${p.message}`));
  const more = problems.length > INPUT_BIN_CSV_MAX_ERRORS ? ` … and ${problems.length - INPUT_BIN_CSV_MAX_ERRORS} more.` : '';
  return `${head} ${listed.join('. ')}.${more}`;
}
