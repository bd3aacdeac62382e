// Trains the sentiment model (docs/sentiment.md) and writes apps/server/src/nlp/model/sentiment.bin.
//
//   npm run sentiment:train                    public training data only
//   npm run sentiment:train -- --with-ratings  plus the clip ratings users saved (sentiment_labels
//                                              in the database of DATA_DIR or DATABASE_URL), then
//                                              queues the recompute of stored clips
//   --dry-run                                  print the figures, write nothing
//   --cv                                       5-fold cross-validation on the training tweets
//                                              (the configuration against the previous one)
//
// Prints the validation figures of the model in use before and of the new one after. Training is
// multinomial logistic regression by AdaGrad with L2, on the public training split, with the
// classes weighed against their imbalance and five differently shuffled runs averaged; a tenth
// of it (chosen by a hash of the text, so the same each run) is the development split that picks
// the learning rate and the epoch. The validation split is never trained on and picks nothing:
// it is only reported.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUCKETS, DENSE, HASH_BITS, featurise, type FeatureSink } from '../src/nlp/sentiment-features.ts';
import { CLASSES, MODEL_URL, currentModel, encodeModel, softmax, type SentimentClass, type SentimentModel } from '../src/nlp/sentiment-model.ts';
import { scoreLexicon } from '../src/nlp/sentiment.ts';
import { analyse } from '../src/nlp/text.ts';
import { loadRatings } from './sentiment-ratings.ts';
import { dedupKey, figures, formatFigures, loadTraining, loadValidation, type Example, type Figures } from './sentiment-data.ts';

const K = CLASSES.length;
const D = DENSE.length;

interface Encoded {
  index: Int32Array;
  value: Float32Array;
  label: number;
  weight: number;
}

export function encode(text: string): { index: Int32Array; value: Float32Array } {
  const index: number[] = [];
  const value: number[] = [];
  const sink: FeatureSink = {
    add(i, v) {
      index.push(i);
      value.push(v);
    },
  };
  const a = analyse(text);
  featurise(a, text, scoreLexicon(a, text), sink);
  return { index: Int32Array.from(index), value: Float32Array.from(value) };
}

/** Float weights while training: [bucket*3+k] for hashed, then D*3 dense, then 3 biases. */
class Params {
  w = new Float32Array(BUCKETS * K + D * K + K);
  g2 = new Float32Array(BUCKETS * K + D * K + K).fill(1e-8);
  offset(ix: number): number {
    return ix < BUCKETS ? ix * K : BUCKETS * K + (ix - BUCKETS) * K;
  }
  scores(e: { index: Int32Array; value: Float32Array }): Float64Array {
    const z = new Float64Array(K);
    const b = BUCKETS * K + D * K;
    for (let k = 0; k < K; k++) z[k] = this.w[b + k];
    for (let i = 0; i < e.index.length; i++) {
      const o = this.offset(e.index[i]);
      const v = e.value[i];
      for (let k = 0; k < K; k++) z[k] += this.w[o + k] * v;
    }
    return softmax(z);
  }
}

export interface TrainOptions {
  epochs: number;
  /** AdaGrad learning rates tried; the development split picks one (and its epoch). */
  rates: number[];
  l2: number;
  /**
   * Weight of an example by its class (negative, neutral, positive). Of the training tweets about
   * 16% are negative, 42% neutral, 42% positive; weighing negative (and a little positive) up
   * trades some neutral recall for negative recall and raised macro-F1 in 5-fold
   * cross-validation on the training tweets (`--cv`, docs/sentiment.md).
   */
  classWeights: [number, number, number];
  /**
   * Models trained side by side on differently shuffled copies of the data and averaged (after
   * every epoch, before quantising). A one-or-two-epoch online model depends on the order of its
   * examples; the average of five depends on it less, and scored better in cross-validation.
   */
  seeds: number;
}
const DEFAULTS: TrainOptions = { epochs: 12, rates: [0.1, 0.03, 0.01, 0.005], l2: 2e-6, classWeights: [1.5, 1, 1.2], seeds: 5 };

function step(p: Params, e: Encoded, rate: number, l2: number): void {
  const prob = p.scores(e);
  const b = BUCKETS * K + D * K;
  for (let k = 0; k < K; k++) {
    const g = (prob[k] - (k === e.label ? 1 : 0)) * e.weight;
    p.g2[b + k] += g * g;
    p.w[b + k] -= (rate * g) / Math.sqrt(p.g2[b + k]);
  }
  for (let i = 0; i < e.index.length; i++) {
    const off = p.offset(e.index[i]);
    const v = e.value[i];
    for (let k = 0; k < K; k++) {
      const g = (prob[k] - (k === e.label ? 1 : 0)) * v * e.weight + l2 * p.w[off + k];
      p.g2[off + k] += g * g;
      p.w[off + k] -= (rate * g) / Math.sqrt(p.g2[off + k]);
    }
  }
}

/** A deterministic shuffle (xorshift), so that a retrain on the same data gives the same model. */
function shuffle<T>(xs: T[], seed: number): T[] {
  let s = seed >>> 0 || 1;
  for (let i = xs.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** The element-wise mean of the weights of several models (biases and dense weights included). */
function average(ps: Params[]): Params {
  if (ps.length === 1) return ps[0];
  const out = new Params();
  for (const p of ps) for (let i = 0; i < out.w.length; i++) out.w[i] += p.w[i];
  for (let i = 0; i < out.w.length; i++) out.w[i] /= ps.length;
  return out;
}

function quantise(p: Params, meta: Pick<SentimentModel['header'], 'trainedOn' | 'validation'>): SentimentModel {
  let max = 0;
  for (let i = 0; i < BUCKETS * K; i++) max = Math.max(max, Math.abs(p.w[i]));
  const scale = max / 127 || 1;
  const weights = new Int8Array(BUCKETS * K);
  for (let i = 0; i < BUCKETS * K; i++) weights[i] = Math.round(p.w[i] / scale);
  const dense: number[][] = [];
  for (let d = 0; d < D; d++) dense.push([0, 1, 2].map((k) => p.w[BUCKETS * K + d * K + k]));
  const bias = [0, 1, 2].map((k) => p.w[BUCKETS * K + D * K + k]);
  return { header: { format: 1, hashBits: HASH_BITS, scale, bias, dense, trainedAt: new Date().toISOString(), ...meta }, weights };
}

function argmax(p: Float64Array): SentimentClass {
  return CLASSES[p[0] >= p[1] && p[0] >= p[2] ? 0 : p[2] > p[1] ? 2 : 1];
}

/** A (quantised) model's class for a text, through the same features the scorer reads. */
function predictClass(m: SentimentModel, text: string): SentimentClass {
  const enc = encode(text);
  const z = new Float64Array(K);
  for (let k = 0; k < K; k++) z[k] = m.header.bias[k];
  for (let i = 0; i < enc.index.length; i++) {
    const ix = enc.index[i];
    for (let k = 0; k < K; k++) z[k] += (ix < BUCKETS ? m.weights[ix * K + k] * m.header.scale : m.header.dense[ix - BUCKETS][k]) * enc.value[i];
  }
  return argmax(softmax(z));
}

/** Figures of a (quantised) model on examples, through the same code the scorer runs. */
export function evaluate(m: SentimentModel, examples: { text: string; label: SentimentClass }[]): Figures {
  return figures(
    examples.map((e) => e.label),
    examples.map((e) => predictClass(m, e.text)),
  );
}

/** A hash of a tweet's text (as deduplicated): where it falls in the development split and the folds. */
function textHash(e: Example): number {
  let h = 0;
  for (const c of dedupKey(e.text)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h >>> 0;
}

function encoder(o: TrainOptions) {
  return (e: Example & { weight?: number }): Encoded => {
    const label = CLASSES.indexOf(e.label);
    return { ...encode(e.text), label, weight: (e.weight ?? 1) * o.classWeights[label] };
  };
}

/**
 * Trains at one learning rate, `o.seeds` models on differently shuffled copies of `fit`, and hands
 * the (averaged, quantised) model to `onEpoch` after every epoch; stops when it answers false.
 */
function fitAtRate(fit: Encoded[], rate: number, o: TrainOptions, onEpoch: (epoch: number, model: SentimentModel) => boolean): void {
  const blank = { trainedOn: '', validation: { examples: 0, accuracy: 0, macroF1: 0 } };
  // Each rate starts from the same orders, so a run is the same whichever rates are tried.
  const runs = Array.from({ length: o.seeds }, () => ({ order: fit.slice(), p: new Params() }));
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    runs.forEach((r, s) => {
      for (const e of shuffle(r.order, epoch + 1000 * s)) step(r.p, e, rate, o.l2);
    });
    const model = quantise(average(runs.map((r) => r.p)), blank);
    if (!onEpoch(epoch, model)) break;
  }
}

/**
 * Trains on `train` (rated clips may carry a weight above 1: a user's correction of their own
 * brand's posts is worth more than one anonymous tweet), picks the epoch on the development part.
 */
export function train(train: (Example & { weight?: number })[], options: Partial<TrainOptions> = {}, log = console.log): SentimentModel {
  const o = { ...DEFAULTS, ...options };
  // Development posts are tweets: the epoch is chosen for the kind of post the product reads.
  const isDev = (e: Example) => e.source.startsWith('semeval') && textHash(e) % 10 === 0;
  const fit = train.filter((e) => !isDev(e)).map(encoder(o));
  const dev = train.filter(isDev);
  log(`training on ${fit.length} posts (${o.seeds} shuffles averaged), choosing the learning rate and epoch on ${dev.length} development posts`);
  const kept: { best: { rate: number; epoch: number; f: Figures; model: SentimentModel } | null } = { best: null };
  const score = (f: Figures) => f.macroF1 + f.accuracy;
  for (const rate of o.rates) {
    let bestEpoch = 0;
    let bestHere = -1;
    fitAtRate(fit, rate, o, (epoch, model) => {
      const f = evaluate(model, dev);
      log(`  rate ${rate}, epoch ${epoch}: development accuracy ${(f.accuracy * 100).toFixed(1)}%, macro-F1 ${(f.macroF1 * 100).toFixed(1)}%`);
      if (!kept.best || score(f) > score(kept.best.f)) kept.best = { rate, epoch, f, model };
      if (score(f) > bestHere) {
        bestHere = score(f);
        bestEpoch = epoch;
      }
      return epoch - bestEpoch < 2;
    });
  }
  const best = kept.best!;
  log(`kept rate ${best.rate}, epoch ${best.epoch}`);
  return best.model;
}

/**
 * k-fold cross-validation over the training tweets at one learning rate: every tweet is scored
 * once by a model that did not train on it, and the figures are pooled over the folds, per epoch.
 * Far less noisy than the 1,800-tweet development split (each figure is over all ~18,600
 * tweets), so it is what design choices (features, class weights, averaging) were judged by.
 * The validation split is not touched.
 */
export function crossValidate(examples: (Example & { weight?: number })[], rate: number, options: Partial<TrainOptions> = {}, folds = 5): Figures[] {
  const o = { ...DEFAULTS, ...options };
  const enc = encoder(o);
  const fold = examples.map(textHash).map((h) => h % folds);
  const actual: SentimentClass[][] = [];
  const predicted: SentimentClass[][] = [];
  for (let f = 0; f < folds; f++) {
    const fit = examples.filter((_, i) => fold[i] !== f).map(enc);
    const held = examples.filter((_, i) => fold[i] === f);
    fitAtRate(fit, rate, o, (epoch, model) => {
      (actual[epoch - 1] ??= []).push(...held.map((e) => e.label));
      (predicted[epoch - 1] ??= []).push(...held.map((e) => predictClass(model, e.text)));
      return true;
    });
  }
  return actual.map((a, i) => figures(a, predicted[i]));
}

/** Validation figures stamped into the header, so the bench and the docs can show them. */
export function stamp(m: SentimentModel, trainedOn: string, f: Figures): SentimentModel {
  m.header.trainedOn = trainedOn;
  m.header.validation = { examples: f.examples, accuracy: Math.round(f.accuracy * 10000) / 10000, macroF1: Math.round(f.macroF1 * 10000) / 10000 };
  return m;
}

async function main(argv: string[]): Promise<void> {
  const withRatings = argv.includes('--with-ratings');
  const dryRun = argv.includes('--dry-run');
  const validation = loadValidation();
  const examples: (Example & { weight?: number })[] = loadTraining(validation);
  let trainedOn = `SemEval-2017 task 4A train/dev 2013, 2015, 2016 (${examples.length} tweets)`;
  let ratings: Awaited<ReturnType<typeof loadRatings>> | null = null;
  if (withRatings) {
    ratings = await loadRatings();
    const held = new Set(validation.map((e) => dedupKey(e.text)));
    const rated = ratings.examples.filter((e) => !held.has(dedupKey(e.text)));
    examples.push(...rated.map((e) => ({ ...e, weight: 2 })));
    trainedOn += ` + ${rated.length} rated clips`;
    console.log(`${rated.length} rated clips added to the training data`);
  }
  if (argv.includes('--cv')) {
    // Design choices were judged this way (docs/sentiment.md): the configuration in use against
    // the previous one (one shuffle, no class weights), at the learning rate both usually keep.
    const configs: [string, Partial<TrainOptions>][] = [
      ['as configured', {}],
      ['one shuffle, no class weights (before)', { seeds: 1, classWeights: [1, 1, 1] }],
    ];
    for (const [name, options] of configs) {
      const per = crossValidate(examples, 0.03, { ...options, epochs: 3 });
      console.log(`5-fold cross-validation on the training tweets, rate 0.03, ${name}:`);
      per.forEach((f, i) => console.log(`  epoch ${i + 1}: accuracy ${(f.accuracy * 100).toFixed(1)}%, macro-F1 ${(f.macroF1 * 100).toFixed(1)}%`));
    }
    return;
  }
  const before = currentModel();
  if (before) console.log(formatFigures('before (model in use), validation', evaluate(before, validation)));
  const t0 = performance.now();
  const model = train(examples);
  const after = evaluate(model, validation);
  stamp(model, trainedOn, after);
  console.log(`trained in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(formatFigures('after (new model), validation', after));
  if (dryRun) return;
  const bytes = encodeModel(model);
  writeFileSync(MODEL_URL, bytes);
  console.log(`wrote ${fileURLToPath(MODEL_URL)} (${(bytes.length / 1024).toFixed(0)} KiB)`);
  if (ratings) await ratings.queueRecompute();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
