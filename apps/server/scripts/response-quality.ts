// Precision and recall of "needs a response" (docs/responses.md, "Measured") on public samples of
// the Customer Support on Twitter corpus (TWCS, Thought Vector, CC BY-NC-SA 4.0 per its Kaggle
// page): customers' tweets to brands' support accounts, with the brands' own replies, so whether
// a post was answered is known. The rules were never tuned on these tweets: every figure is held
// out. Run `npm run responses:quality -- [files…]`; the files (data/responses/*.csv by default,
// gitignored) are fetched once, see docs/responses.md.
//
// A tweet counts when it is inbound (a customer's) and addressed to a brand (it names a handle
// that is not one of the corpus's anonymised numeric ids). Its truth: answered when one of its
// response tweets in the files is the brand's (outbound); not answered when it has no response
// at all; left out when its responses are not in the files (a sample cuts conversations). The
// prediction is the product's: responseReasons over the text and the sentiment enrichment gives it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { responseReasons } from '../src/analytics/response-reasons.ts';
import { enrich } from '../src/nlp/enrich.ts';

interface Tweet {
  tweet_id: string;
  author_id: string;
  inbound: string;
  text: string;
  response_tweet_id: string;
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.some((f) => f !== '')) rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}

function readTweets(files: string[]): Map<string, Tweet> {
  const out = new Map<string, Tweet>();
  for (const f of files) {
    const [header, ...rows] = parseCsv(readFileSync(f, 'utf8'));
    for (const r of rows) {
      const t = Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])) as unknown as Tweet;
      out.set(t.tweet_id, t);
    }
  }
  return out;
}

const isInbound = (t: Tweet) => t.inbound.toLowerCase() === 'true';
/** A brand's handle: TWCS replaced every customer's handle by a number, and kept the brands'. */
const brandHandle = (text: string) => /@([A-Za-z_][A-Za-z0-9_]*)/.exec(text)?.[1] ?? null;

export function measure(tweets: Map<string, Tweet>) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  let unknown = 0;
  for (const t of tweets.values()) {
    if (!isInbound(t) || !brandHandle(t.text)) continue;
    const replies = t.response_tweet_id
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const found = replies.map((id) => tweets.get(id)).filter((x): x is Tweet => x !== undefined);
    let answered: boolean;
    if (found.some((r) => !isInbound(r))) answered = true;
    else if (replies.length === 0) answered = false;
    else {
      unknown++;
      continue;
    }
    const predicted = responseReasons(t.text, enrich(t.text).favourabilityId).length > 0;
    if (predicted && answered) tp++;
    else if (predicted) fp++;
    else if (answered) fn++;
    else tn++;
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const n = tp + fp + fn + tn;
  return {
    posts: n,
    answered: tp + fn,
    leftOut: unknown,
    flagged: tp + fp,
    precision: tp + fp ? round(tp / (tp + fp)) : null,
    recall: tp + fn ? round(tp / (tp + fn)) : null,
    /** Flagging every addressed post: its precision is the share answered. */
    baselinePrecision: n ? round((tp + fn) / n) : null,
    confusion: { tp, fp, fn, tn },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dir = 'data/responses';
  const files = args.length
    ? args
    : readdirSync(dir)
        .filter((f) => f.endsWith('.csv'))
        .sort()
        .map((f) => join(dir, f));
  const result = measure(readTweets(files));
  console.log(JSON.stringify({ files, ...result }, null, 2));
}
