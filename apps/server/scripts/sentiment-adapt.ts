// Adapts the sentiment model from anyone's labelled posts, as if they were one client's ratings,
// and measures it on other labelled posts (docs/sentiment.md, "A client's own model"):
//
//   npm run sentiment:adapt -- --train A.csv --test B.csv [--json]
//   npm run sentiment:adapt -- --curve airline-tweets.csv [--json]
//
// A CSV file has a header with a text column ("text", or the first column) and a label column
// ("label", "sentiment" or "airline_sentiment"): negative, neutral or positive; rows with any other
// label are left out. --train/--test prints the shipped model's and the adapted model's accuracy,
// macro-F1 and confusion matrix on the test file, and the seconds adapting took. --curve splits one
// file by a hash of each text into a test third and a training pool, and adapts from the first
// 0, 100, 300, 1,000, 3,000 and 10,000 posts of the pool (those it holds) and from all of it:
// the learning curve. The
// test rows are never trained on and choose nothing; the adaptation chooses its settings by
// cross-validation on its training rows alone.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { csvRecords } from '@listening/contract';
import { adapt, adaptedClass, classIndex, encodePost, type EncodedPost } from '../src/nlp/sentiment-adapt.ts';
import { CLASSES, type SentimentClass } from '../src/nlp/sentiment-model.ts';
import { figures, formatFigures, pct, type Figures } from './sentiment-data.ts';

const TEXT_COLUMNS = ['text', 'tweettext', 'tweet', 'body'];
const LABEL_COLUMNS = ['label', 'sentiment', 'airline_sentiment', 'polarity'];

export function readLabelled(path: string): { text: string; label: SentimentClass }[] {
  const [header, ...rows] = csvRecords(readFileSync(path, 'utf8'));
  if (!header) throw new Error(`${path}: the file is empty`);
  const names = header.map((h) => h.trim().toLowerCase());
  const label = names.findIndex((h) => LABEL_COLUMNS.includes(h));
  let text = names.findIndex((h) => TEXT_COLUMNS.includes(h));
  if (text < 0) text = label === 0 ? 1 : 0;
  if (label < 0) throw new Error(`${path}: no label column (one of ${LABEL_COLUMNS.join(', ')}) in its header`);
  const out: { text: string; label: SentimentClass }[] = [];
  for (const r of rows) {
    const l = (r[label] ?? '').trim().toLowerCase();
    if ((CLASSES as readonly string[]).includes(l) && r[text]) out.push({ text: unescapeHtml(r[text]), label: l as SentimentClass });
  }
  return out;
}

/** Tweets saved from Twitter's API keep its HTML escapes ("&amp;"), which posts do not show. */
const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

interface Run {
  ratings: number;
  seconds: number;
  used: boolean;
  cv: { base: number; adapted: number };
  base: Figures;
  adapted: Figures;
}

function measure(train: EncodedPost[], trainLabels: number[], test: EncodedPost[], testLabels: number[]): Run {
  const started = performance.now();
  const { adaptation, cv } = adapt(train, trainLabels);
  const seconds = (performance.now() - started) / 1000;
  const actual = testLabels.map((k) => CLASSES[k]);
  const base = figures(
    actual,
    test.map((e) => CLASSES[e.baseClass]),
  );
  const adapted = adaptation
    ? figures(
        actual,
        test.map((e) => CLASSES[adaptedClass(adaptation, e)]),
      )
    : base;
  return { ratings: train.length, seconds, used: adaptation !== null, cv, base, adapted };
}

const hashOf = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

function main() {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const json = args.includes('--json');
  const trainPath = value('--train');
  const testPath = value('--test');
  const curvePath = value('--curve');
  if (!curvePath && (!trainPath || !testPath)) {
    console.error('Usage: npm run sentiment:adapt -- --train A.csv --test B.csv [--json]\n   or: npm run sentiment:adapt -- --curve A.csv [--json]');
    process.exit(2);
  }
  const encodeStarted = performance.now();
  if (curvePath) {
    const rows = readLabelled(curvePath);
    // A test third by a hash of the text (the same every run); the rest in a fixed random order.
    const test = rows.filter((r) => hashOf(r.text) % 3 === 0);
    const pool = rows.filter((r) => hashOf(r.text) % 3 !== 0).sort((a, b) => hashOf(`pool ${a.text}`) - hashOf(`pool ${b.text}`));
    const testEncoded = test.map((r) => encodePost(r.text));
    const testLabels = test.map((r) => classIndex(r.label));
    const poolEncoded = pool.map((r) => encodePost(r.text));
    const poolLabels = pool.map((r) => classIndex(r.label));
    const sizes = [...new Set([...[0, 100, 300, 1000, 3000, 10000].filter((n) => n <= pool.length), pool.length])];
    const runs = sizes.map((n) => measure(poolEncoded.slice(0, n), poolLabels.slice(0, n), testEncoded, testLabels));
    const file = basename(curvePath);
    if (json) {
      console.log(
        JSON.stringify({
          file,
          test: test.length,
          curve: runs.map((r) => ({
            ratings: r.ratings,
            base: { accuracy: r.base.accuracy, macroF1: r.base.macroF1 },
            adapted: { accuracy: r.adapted.accuracy, macroF1: r.adapted.macroF1 },
            used: r.used,
            seconds: r.seconds,
          })),
        }),
      );
      return;
    }
    console.log(`${file}: ${test.length} test posts (a third, by a hash of the text), a training pool of ${pool.length}`);
    console.log(`ratings   shipped   adapted   macro-F1 shipped / adapted   seconds`);
    for (const r of runs)
      console.log(
        `${String(r.ratings).padStart(7)}   ${pct(r.base.accuracy).padStart(7)}   ${pct(r.adapted.accuracy).padStart(7)}   ${pct(r.base.macroF1).padStart(7)} / ${pct(r.adapted.macroF1).padStart(7)}${r.used ? '' : ' (not used)'}   ${r.seconds.toFixed(2)}`,
      );
    return;
  }
  const train = readLabelled(trainPath!);
  const test = readLabelled(testPath!);
  const run = measure(
    train.map((r) => encodePost(r.text)),
    train.map((r) => classIndex(r.label)),
    test.map((r) => encodePost(r.text)),
    test.map((r) => classIndex(r.label)),
  );
  const encodeSeconds = (performance.now() - encodeStarted) / 1000 - run.seconds;
  if (json) {
    const pick = (f: Figures) => ({ accuracy: f.accuracy, macroF1: f.macroF1, confusion: f.confusion });
    console.log(
      JSON.stringify({
        train: train.length,
        test: test.length,
        used: run.used,
        seconds: run.seconds,
        encodeSeconds,
        base: pick(run.base),
        adapted: pick(run.adapted),
      }),
    );
    return;
  }
  console.log(
    `Adapted from ${train.length} labelled posts of ${basename(trainPath!)} in ${run.seconds.toFixed(2)} s (reading and featurising both files: ${encodeSeconds.toFixed(2)} s).`,
  );
  console.log(
    run.used
      ? `Cross-validated on the training posts: shipped ${pct(run.cv.base)}, adapted ${pct(run.cv.adapted)}.`
      : `Not used: on the training posts held out in turn, the adaptation did no better than the shipped model (${pct(run.cv.base)}).`,
  );
  console.log(formatFigures(`shipped model on ${basename(testPath!)}`, run.base));
  console.log(formatFigures(`adapted model on ${basename(testPath!)}`, run.adapted));
}

main();
