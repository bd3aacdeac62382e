// Trains the sentiment model (docs/sentiment.md) and writes apps/server/src/nlp/model/sentiment.bin.
//
//   npm run sentiment:train                    public training data only
//   npm run sentiment:train -- --with-ratings  plus the clip ratings users saved (sentiment_labels
//                                              in the database of DATA_DIR or DATABASE_URL), then
//                                              queues the recompute of stored clips
//   --dry-run                                  print the figures, write nothing
//   --cv                                       5-fold cross-validation on the training tweets, and
//                                              across their periods (the configuration against
//                                              the previous one)
//
// Prints the validation figures of the model in use before and of the new one after. Training is
// multinomial logistic regression by AdaGrad with L2, on the public training split, with each
// class weighed by how rare it is (so the model is made for an even mix of the three classes, the
// mix of a project being unknown) and five differently shuffled runs averaged. 5-fold
// cross-validation over the training tweets (folds chosen by a hash of the text, so the same each
// run) picks the learning rate and the epoch, by balanced accuracy and macro-F1; the model is then
// trained on all of them. The validation split is never trained on and picks nothing: it is only
// reported.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUCKETS, DENSE, HASH_BITS, featurise, type FeatureSink } from '../src/nlp/sentiment-features.ts';
import { CLASSES, MODEL_URL, currentModel, encodeModel, softmax, type SentimentClass, type SentimentModel } from '../src/nlp/sentiment-model.ts';
import { scoreLexicon } from '../src/nlp/sentiment.ts';
import { analyse } from '../src/nlp/text.ts';
import { loadRatings } from './sentiment-ratings.ts';
import { dedupKey, figures, formatFigures, loadTraining, loadValidation, pct, type Example, type Figures } from './sentiment-data.ts';

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
  /** AdaGrad learning rates tried; cross-validation picks one (and its epoch). */
  rates: number[];
  l2: number;
  /**
   * Weight of an example by its class (negative, neutral, positive), or 'balanced': each class
   * weighs in inverse proportion to its count (`balancedWeights`). Of the public training tweets
   * about 16% are negative, 42% neutral and 42% positive, which is not the mix a brand's
   * mentions come in: a model trained on it as it is under-calls complaints. Balanced weights
   * train for an even mix, the fair choice when a project's mix is unknown (docs/sentiment.md).
   */
  classWeights: [number, number, number] | 'balanced';
  /**
   * Models trained side by side on differently shuffled copies of the data and averaged (after
   * every epoch, before quantising). A one-or-two-epoch online model depends on the order of its
   * examples; the average of five depends on it less, and scored better in cross-validation.
   */
  seeds: number;
}
const DEFAULTS: TrainOptions = { epochs: 12, rates: [0.1, 0.03, 0.01, 0.005], l2: 2e-6, classWeights: 'balanced', seeds: 5 };

/**
 * Class weights in inverse proportion to the classes' counts, the most common class weighing 1
 * (a class with no example weighs 1): trained with them, the model behaves as if the three
 * classes were equally common.
 */
export function balancedWeights(labels: readonly SentimentClass[]): [number, number, number] {
  const counts = CLASSES.map((c) => labels.filter((l) => l === c).length);
  const most = Math.max(...counts);
  return counts.map((n) => (n > 0 ? most / n : 1)) as [number, number, number];
}

function resolveWeights(o: TrainOptions, examples: readonly Example[]): [number, number, number] {
  return o.classWeights === 'balanced' ? balancedWeights(examples.map((e) => e.label)) : o.classWeights;
}

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

/** A hash of a tweet's text (as deduplicated): the fold it falls in, the same every run. */
function textHash(e: Example): number {
  let h = 0;
  for (const c of dedupKey(e.text)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h >>> 0;
}

function encoder(classWeights: [number, number, number]) {
  return (e: Example & { weight?: number }): Encoded => {
    const label = CLASSES.indexOf(e.label);
    return { ...encode(e.text), label, weight: (e.weight ?? 1) * classWeights[label] };
  };
}

/** What cross-validation prefers when it chooses: the model for an even mix of the three classes. */
const preference = (f: Figures) => f.balancedAccuracy + f.macroF1;

const BLANK = { trainedOn: '', validation: { examples: 0, accuracy: 0, macroF1: 0 } };

/** `o.seeds` models trained side by side at one learning rate on differently shuffled copies of `fit`. */
class Trainer {
  private readonly runs: { order: Encoded[]; p: Params }[];
  private epoch = 0;
  constructor(
    fit: Encoded[],
    private readonly rate: number,
    private readonly o: TrainOptions,
  ) {
    // Each rate starts from the same orders, so a run is the same whichever rates are tried.
    this.runs = Array.from({ length: o.seeds }, () => ({ order: fit.slice(), p: new Params() }));
  }
  /** Trains one more epoch and answers the averaged, quantised model. */
  next(): SentimentModel {
    this.epoch++;
    this.runs.forEach((r, s) => {
      for (const e of shuffle(r.order, this.epoch + 1000 * s)) step(r.p, e, this.rate, this.o.l2);
    });
    return quantise(average(this.runs.map((r) => r.p)), BLANK);
  }
}

const FOLDS = 5;
/** Only public tweets are scored when choosing: the choice is made for the kind of post the product reads. */
const isPublic = (e: Example) => e.source.startsWith('semeval');

/**
 * k-fold cross-validation over the training examples at one learning rate: every public tweet is
 * scored once by a model that did not train on it (rated clips are always trained on), and the
 * figures are pooled over the folds, per epoch. With `earlyStop`, it stops two epochs after the
 * best one. Each figure is over all ~18,600 tweets, so it is far less noisy than a held-out tenth
 * would be; it chooses the learning rate and the epoch, and design choices (features, class
 * weights, averaging) were judged by it. The validation split is not touched.
 */
export function crossValidate(
  examples: (Example & { weight?: number })[],
  rate: number,
  options: Partial<TrainOptions> = {},
  folds = FOLDS,
  earlyStop = false,
  /** Each example's fold (0..folds-1; -1: always trained on); by default a hash of its text. */
  foldOf: (e: Example) => number = (e) => textHash(e) % folds,
): Figures[] {
  const o = { ...DEFAULTS, ...options };
  const fold = examples.map(foldOf);
  const trainers: Trainer[] = [];
  const held: Example[][] = [];
  for (let f = 0; f < folds; f++) {
    const fitExamples = examples.filter((_, i) => fold[i] !== f);
    trainers.push(new Trainer(fitExamples.map(encoder(resolveWeights(o, fitExamples))), rate, o));
    held.push(examples.filter((e, i) => fold[i] === f && isPublic(e)));
  }
  const out: Figures[] = [];
  let best = -1;
  let bestEpoch = 0;
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const actual: SentimentClass[] = [];
    const predicted: SentimentClass[] = [];
    trainers.forEach((t, f) => {
      const model = t.next();
      for (const e of held[f]) {
        actual.push(e.label);
        predicted.push(predictClass(model, e.text));
      }
    });
    const fig = figures(actual, predicted);
    out.push(fig);
    if (preference(fig) > best) {
      best = preference(fig);
      bestEpoch = epoch;
    }
    if (earlyStop && epoch - bestEpoch >= 2) break;
  }
  return out;
}

/**
 * The training tweets' period: SemEval's 2013 files (0) or its 2015 and 2016 ones (1); anything
 * else (rated clips) -1. Crossed over, the two periods show how a configuration does on tweets of
 * another time and other topics, as the product's posts will be.
 */
export const periodOf = (e: Example): number => (!isPublic(e) ? -1 : e.source.includes('2013') ? 0 : 1);

/**
 * Chooses the learning rate and epoch by cross-validation, then trains on all of `train` (rated
 * clips may carry a weight above 1: a user's correction of their own brand's posts is worth more
 * than one anonymous tweet).
 */
export function train(train: (Example & { weight?: number })[], options: Partial<TrainOptions> = {}, log = console.log): SentimentModel {
  const o = { ...DEFAULTS, ...options };
  log(`choosing the learning rate and epoch by ${FOLDS}-fold cross-validation over ${train.filter(isPublic).length} public training tweets`);
  let best: { rate: number; epoch: number; f: Figures } | null = null;
  for (const rate of o.rates) {
    crossValidate(train, rate, o, FOLDS, true).forEach((f, i) => {
      log(`  rate ${rate}, epoch ${i + 1}: accuracy ${pct(f.accuracy)}, balanced accuracy ${pct(f.balancedAccuracy)}, macro-F1 ${pct(f.macroF1)}`);
      if (!best || preference(f) > preference(best.f)) best = { rate, epoch: i + 1, f };
    });
  }
  const { rate, epoch } = best!;
  const weights = resolveWeights(o, train);
  log(
    `kept rate ${rate}, epoch ${epoch}; training on all ${train.length} posts (${o.seeds} shuffles averaged; class weights ${weights.map((w) => w.toFixed(2)).join(' / ')} for negative / neutral / positive)`,
  );
  const trainer = new Trainer(train.map(encoder(weights)), rate, o);
  let model = trainer.next();
  for (let e = 1; e < epoch; e++) model = trainer.next();
  return model;
}

/** Validation figures stamped into the header, so the bench and the docs can show them. */
export function stamp(m: SentimentModel, trainedOn: string, f: Figures): SentimentModel {
  m.header.trainedOn = trainedOn;
  const round = (x: number) => Math.round(x * 10000) / 10000;
  m.header.validation = { examples: f.examples, accuracy: round(f.accuracy), macroF1: round(f.macroF1), balancedAccuracy: round(f.balancedAccuracy) };
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
    // the previous one (class weights 1.5 / 1 / 1.2), at the learning rate both usually keep.
    const configs: [string, Partial<TrainOptions>][] = [
      ['as configured (balanced class weights)', {}],
      ['class weights 1.5 / 1 / 1.2 (before)', { classWeights: [1.5, 1, 1.2] }],
    ];
    const line = (f: Figures, i: number) =>
      console.log(
        `  epoch ${i + 1}: accuracy ${pct(f.accuracy)}, balanced accuracy ${pct(f.balancedAccuracy)}, macro-F1 ${pct(f.macroF1)}, neutral recognised ${pct(f.neutralRecall)}, called negative ${pct(f.predictedNegative)} (${pct(f.actualNegative)} are)`,
      );
    for (const [name, options] of configs) {
      console.log(`5-fold cross-validation on the training tweets, rate 0.03, ${name}:`);
      crossValidate(examples, 0.03, { ...options, epochs: 3 }).forEach(line);
      // Trained on one period, scored on the other (both ways, pooled): how it carries over in time.
      console.log(`  across periods (trained on the 2013 tweets, scored on those of 2015-2016, and the other way round):`);
      crossValidate(examples, 0.03, { ...options, epochs: 3 }, 2, false, periodOf).forEach(line);
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
