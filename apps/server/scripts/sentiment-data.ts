// The labelled public tweets the sentiment model is trained and validated on (docs/sentiment.md
// says where each file comes from, its licence, and why these and no others). They are not
// committed: put them in $SENTIMENT_DATA (default: data/sentiment at the repository root, which
// git ignores) with the commands printed when a file is missing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRecords } from '@listening/contract';
import type { SentimentClass } from '../src/nlp/sentiment-model.ts';

export interface Example {
  text: string;
  label: SentimentClass;
  source: string;
}

export const DATA_DIR = process.env.SENTIMENT_DATA ?? fileURLToPath(new URL('../../../data/sentiment/', import.meta.url));

/**
 * Training: the SemEval-2017 Task 4 subtask A English TRAIN and DEV files of 2013, 2015 and 2016
 * (never a file of a test split), as mirrored by cbaziotis/datastories-semeval2017-task4.
 */
const TRAIN_FILES = ['2013train', '2013dev', '2015train', '2016train', '2016dev'].map((y) => `semeval-${y}.tsv`);
/** Validation, never trained on: TweetEval's sentiment validation split (cardiffnlp/tweeteval). */
const VAL_TEXT = 'tweeteval-val_text.txt';
const VAL_LABELS = 'tweeteval-val_labels.txt';

const HOW_TO_FETCH = `Fetch the data first (about 5 MB), for example:
  git clone --depth 1 https://github.com/cbaziotis/datastories-semeval2017-task4 /tmp/ds
  git clone --depth 1 https://github.com/cardiffnlp/tweeteval /tmp/te
  mkdir -p ${DATA_DIR}
  for y in 2013train 2013dev 2015train 2016train 2016dev; do
    cp /tmp/ds/dataset/Subtask_A/downloaded/twitter-$y-A.tsv ${DATA_DIR}/semeval-$y.tsv; done
  cp /tmp/te/datasets/sentiment/val_text.txt ${DATA_DIR}/tweeteval-val_text.txt
  cp /tmp/te/datasets/sentiment/val_labels.txt ${DATA_DIR}/tweeteval-val_labels.txt
(Only those files: never copy a test file.)`;

function read(name: string): string {
  const path = join(DATA_DIR, name);
  if (!existsSync(path)) throw new Error(`missing ${path}\n${HOW_TO_FETCH}`);
  return readFileSync(path, 'utf8');
}

/** The SemEval files write non-ASCII characters and commas as \uXXXX escapes. */
function unescape(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\"/g, '"');
}

/** Duplicates and near-duplicates (retweets, case) are one tweet for the split. */
export function dedupKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^rt\s+/, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/@\w+/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export function loadValidation(): Example[] {
  const texts = read(VAL_TEXT).split('\n');
  const labels = read(VAL_LABELS).split('\n');
  const out: Example[] = [];
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i].trim();
    if (l === '') continue;
    out.push({ text: texts[i], label: (['negative', 'neutral', 'positive'] as const)[Number(l)], source: 'tweeteval-val' });
  }
  return out;
}

/** Training examples with every tweet that also appears in the validation split taken out. */
export function loadTraining(validation: Example[]): Example[] {
  const held = new Set(validation.map((e) => dedupKey(e.text)));
  const seen = new Set<string>();
  const out: Example[] = [];
  for (const f of TRAIN_FILES) {
    for (const line of read(f).split('\n')) {
      const [, label, ...rest] = line.split('\t');
      if (label !== 'positive' && label !== 'negative' && label !== 'neutral') continue;
      const text = unescape(rest.join('\t'));
      const key = dedupKey(text);
      if (key === '' || held.has(key) || seen.has(key)) continue;
      seen.add(key);
      out.push({ text, label, source: f });
    }
  }
  return out;
}

/**
 * Two public sets of tweets about brands, for a report only (docs/sentiment.md, "Tweets about
 * brands"): never trained on and never used to choose anything, because they are the kind of
 * posts the product is judged on. Neither is committed, and neither is needed: the bench prints
 * their figures when the files are in the data folder. `labelColumn` and `textColumn` name the
 * CSV's header fields; rows with any other label (Sanders' "irrelevant") are left out.
 */
export const BRAND_SETS = [
  {
    file: 'sanders-full-corpus.csv',
    name: 'Sanders Twitter Sentiment Corpus (tweets naming Apple, Google, Microsoft or Twitter, October 2011; labelled for the sentiment towards the brand)',
    labelColumn: 'Sentiment',
    textColumn: 'TweetText',
    fetch: 'git clone --depth 1 https://github.com/zfz/twitter_corpus /tmp/sanders && cp /tmp/sanders/full-corpus.csv',
  },
  {
    file: 'airline-tweets.csv',
    name: 'Twitter US Airline Sentiment (tweets to six US airlines, February 2015)',
    labelColumn: 'airline_sentiment',
    textColumn: 'text',
    fetch: 'git clone --depth 1 https://github.com/Anuragiitk/Twitter-US-Sentiment-Analysis /tmp/airline && cp /tmp/airline/Tweets.csv',
  },
] as const;

export type BrandSet = (typeof BRAND_SETS)[number];

/** Both sets keep the HTML escapes of Twitter's API ("&amp;", "&lt;"), which posts do not show. */
function unescapeHtml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The labelled posts of one brand set, from the text of its CSV file. */
export function brandExamples(set: BrandSet, csv: string): Example[] {
  const [header, ...rows] = csvRecords(csv);
  const label = header.indexOf(set.labelColumn);
  const text = header.indexOf(set.textColumn);
  if (label < 0 || text < 0) throw new Error(`${set.file}: no ${set.labelColumn} or ${set.textColumn} column in its header`);
  const out: Example[] = [];
  for (const r of rows) {
    const l = r[label];
    if (l !== 'negative' && l !== 'neutral' && l !== 'positive') continue;
    out.push({ text: unescapeHtml(r[text] ?? ''), label: l, source: set.file });
  }
  return out;
}

/** A brand set's posts, or what is missing and how to fetch it when its file is not in the data folder. */
export function loadBrandSet(set: BrandSet): { examples: Example[] } | { missing: string } {
  const path = join(DATA_DIR, set.file);
  if (!existsSync(path)) return { missing: `${set.file} not in ${DATA_DIR}; to add it:\n  ${set.fetch} ${path}` };
  return { examples: brandExamples(set, readFileSync(path, 'utf8')) };
}

export interface Figures {
  examples: number;
  accuracy: number;
  macroF1: number;
  /** confusion[actual][predicted], classes in CLASSES order. */
  confusion: number[][];
  /** Share of neutral posts called neutral. */
  neutralRecall: number;
  /**
   * The mean of the three classes' recalls: the accuracy the scorer would have if the three
   * classes were equally common. A project's mix of praise, complaints and neutral posts is not
   * known in advance (a brand in trouble draws far more complaints than the public tweets hold),
   * so this is the figure the model is trained and chosen for (docs/sentiment.md).
   */
  balancedAccuracy: number;
  /** Shares of the posts called negative, and labelled negative: a scorer's lean. */
  predictedNegative: number;
  actualNegative: number;
}

const ORDER = ['negative', 'neutral', 'positive'] as const;

export function figures(actual: SentimentClass[], predicted: SentimentClass[]): Figures {
  const confusion = ORDER.map(() => ORDER.map(() => 0));
  let right = 0;
  for (let i = 0; i < actual.length; i++) {
    confusion[ORDER.indexOf(actual[i])][ORDER.indexOf(predicted[i])]++;
    if (actual[i] === predicted[i]) right++;
  }
  let f1sum = 0;
  let recallSum = 0;
  for (let k = 0; k < 3; k++) {
    const tp = confusion[k][k];
    const actualK = confusion[k].reduce((s, n) => s + n, 0);
    const predictedK = confusion.reduce((s, row) => s + row[k], 0);
    const p = predictedK ? tp / predictedK : 0;
    const r = actualK ? tp / actualK : 0;
    recallSum += r;
    f1sum += p + r ? (2 * p * r) / (p + r) : 0;
  }
  const neutrals = confusion[1].reduce((s, n) => s + n, 0);
  return {
    examples: actual.length,
    accuracy: right / (actual.length || 1),
    macroF1: f1sum / 3,
    confusion,
    neutralRecall: neutrals ? confusion[1][1] / neutrals : 0,
    balancedAccuracy: recallSum / 3,
    predictedNegative: (confusion[0][0] + confusion[1][0] + confusion[2][0]) / (actual.length || 1),
    actualNegative: confusion[0].reduce((s, n) => s + n, 0) / (actual.length || 1),
  };
}

/** Half the width of an accuracy's 95% confidence interval (normal approximation), in points. */
export function margin(accuracy: number, examples: number): string {
  return `${(1.96 * Math.sqrt((accuracy * (1 - accuracy)) / Math.max(examples, 1)) * 100).toFixed(1)} at 95%`;
}

/** A share as a percentage with one decimal, as every sentiment figure is printed. */
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatFigures(name: string, f: Figures): string {
  const rows = ORDER.map((a, i) => `    ${a.padEnd(20)}${f.confusion[i].map((n) => String(n).padStart(10)).join('')}`);
  return [
    `${name}: accuracy ${pct(f.accuracy)} (±${margin(f.accuracy, f.examples)}), balanced accuracy ${pct(f.balancedAccuracy)}, macro-F1 ${pct(f.macroF1)}, neutral recognised ${pct(f.neutralRecall)} (${f.examples} posts)`,
    `    ${'actual \\ predicted'.padEnd(20)}${ORDER.map((o) => o.padStart(10)).join('')}`,
    ...rows,
  ].join('\n');
}
