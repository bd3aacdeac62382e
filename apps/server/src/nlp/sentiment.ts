// Lexicon sentiment for social posts, in the manner of VADER: word valences, then the rules that
// general scorers miss on tweets (negation, boosters, "but", emoji, exclamation, sarcasm markers).
// The learned model (sentiment-model.ts, docs/sentiment.md) reads its sums as features, and it
// stays the scorer for the languages the model was not trained on.
// One linear pass over tokens, no allocation per word: enrichment must stay at tens of thousands
// of posts per second per core.
import { CLASSIFICATION, FAVOURABILITY } from '@listening/contract';
import { detectLanguage } from './language.ts';
import { currentModel, explain, predict, type SentimentReason } from './sentiment-model.ts';
import { analyse, type Analysed } from './text.ts';
import { BOOSTERS, COMPLAINT, CONTRAST, DAMPENERS, EMOJI, NEGATORS, PHRASES, POST_BOOSTERS, SARCASM, WORDS } from './lexicon.ts';

export interface Sentiment {
  /** -1..1: VADER's normalised compound for the lexicon, P(positive) - P(negative) for the model. */
  score: number;
  classificationId: number;
  favourabilityId: number;
}

/** The lexicon's verdict with the sums behind it, which the learned model reads as features. */
export interface LexiconSentiment extends Sentiment {
  pos: number;
  neg: number;
  /** Words and emoji seen; 0 means there was nothing to score. */
  units: number;
}

// Phrases keyed by their first word, longest first, so "went out of her way" wins over "out of".
const PHRASE_INDEX = new Map<string, { words: string[]; value: number }[]>();
for (const [p, value] of Object.entries(PHRASES)) {
  const words = p.split(' ');
  const list = PHRASE_INDEX.get(words[0]) ?? [];
  list.push({ words, value });
  list.sort((a, b) => b.words.length - a.words.length);
  PHRASE_INDEX.set(words[0], list);
}
const SARCASM_INDEX = SARCASM.map((s) => s.split(' '));

const NEGATION_SCALE = -0.74;
const BOOST = 0.6;
/** Below this compound magnitude a post is Neutral. */
const NEUTRAL_BAND = 0.1;

function phraseAt(words: string[], i: number): { words: string[]; value: number } | null {
  const list = PHRASE_INDEX.get(words[i]);
  if (!list) return null;
  outer: for (const p of list) {
    if (i + p.words.length > words.length) continue;
    for (let k = 1; k < p.words.length; k++) if (words[i + k] !== p.words[k]) continue outer;
    return p;
  }
  return null;
}

function hasSequence(words: string[], seq: string[]): boolean {
  for (let i = 0; i + seq.length <= words.length; i++) {
    let k = 0;
    while (k < seq.length && words[i + k] === seq[k]) k++;
    if (k === seq.length) return true;
  }
  return false;
}

/** Words for scoring: handles out (a brand's name is not an opinion), hashtags as words. */
function sentimentWords(a: Analysed): string[] {
  const out: string[] = [];
  for (const t of a.tokens) {
    const c = t.charCodeAt(0);
    if (c === 64) continue;
    out.push(c === 35 ? t.slice(1) : t);
  }
  return out;
}

export function scoreLexicon(a: Analysed, text: string): LexiconSentiment {
  const words = sentimentWords(a);
  let before = 0; // sum of valences before the last contrast word
  let after = 0;
  let pos = 0;
  let neg = 0;
  let contrastAt = -1;
  let complaint = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (CONTRAST.has(w)) {
      contrastAt = i;
      before += after;
      after = 0;
      continue;
    }
    if (COMPLAINT.has(w)) complaint = true;
    const phrase = phraseAt(words, i);
    let v = phrase ? phrase.value : (WORDS.get(w) ?? 0);
    const len = phrase ? phrase.words.length : 1;
    if (v === 0) continue;
    // Boosters and negators in the three words before; a negated phrase is rare but possible.
    // French "ne ... pas" is two negators for one negation, so negation applies once.
    let negated = false;
    for (let k = Math.max(0, i - 3); k < i; k++) {
      const p = words[k];
      // "can't believe how rude" is disbelief, not negation.
      if (NEGATORS.has(p) && !(phrase && phrase.words[0] === p) && words[k + 1] !== 'believe') negated = true;
      else if (k >= i - 2 && BOOSTERS.has(p)) v += v > 0 ? BOOST : -BOOST;
      else if (k >= i - 2 && DAMPENERS.has(p)) v *= 0.6;
    }
    if (negated) v *= NEGATION_SCALE;
    // Negators written after the word: Afrikaans "werk nooit nie" negates once, not twice.
    const nxt = words[i + len];
    if (nxt && POST_BOOSTERS.has(nxt)) v += v > 0 ? BOOST : -BOOST;
    else if (!negated && (nxt === 'nie' || nxt === 'pas')) v *= NEGATION_SCALE;
    // Shouting a sentiment word strengthens it, unless the whole post is in capitals.
    const raw = a.raw[i];
    if (raw && raw.length > 2 && raw === raw.toUpperCase() && text !== text.toUpperCase()) v *= 1.3;
    after += v;
    if (v > 0) pos += v;
    else neg -= v;
    i += len - 1;
  }
  let emoji = 0;
  for (const e of a.emoji) {
    const v = EMOJI[e] ?? 0;
    emoji += v;
    if (v > 0) pos += v;
    else neg -= v;
  }
  let sum = (contrastAt >= 0 ? before * 0.5 + after * 1.5 : after) + emoji;
  // Sarcasm: a positive marker phrase beside a complaint or any negative word reads as a complaint.
  if (pos > 0 && (text.includes('/s') || ((complaint || neg > 0) && SARCASM_INDEX.some((s) => hasSequence(words, s))))) {
    neg += pos;
    pos = 0;
    sum = -Math.max(neg, 2);
  }
  if (sum !== 0 && a.exclamations > 0) sum += (sum > 0 ? 0.3 : -0.3) * Math.min(a.exclamations, 3);
  const score = sum / Math.sqrt(sum * sum + 15);
  const units = words.length + a.emoji.length;
  return { score, pos, neg, units, ...classify(score, pos, neg, units) };
}

export function classify(score: number, pos: number, neg: number, units: number) {
  if (units === 0) return { classificationId: CLASSIFICATION.None, favourabilityId: FAVOURABILITY.Neutral };
  // Strong praise and strong blame that cancel out: Balanced, which counts as neutral favourability.
  if (pos >= 3 && neg >= 3 && Math.min(pos, neg) / Math.max(pos, neg) >= 0.6)
    return { classificationId: CLASSIFICATION.Balanced, favourabilityId: FAVOURABILITY.Neutral };
  if (score >= NEUTRAL_BAND) return { classificationId: CLASSIFICATION.Positive, favourabilityId: FAVOURABILITY.Positive };
  if (score <= -NEUTRAL_BAND) return { classificationId: CLASSIFICATION.Negative, favourabilityId: FAVOURABILITY.Negative };
  return { classificationId: CLASSIFICATION.Neutral, favourabilityId: FAVOURABILITY.Neutral };
}

/**
 * Languages the learned model was trained on. Posts detected as another language are scored by
 * the lexicon, which knows the market's other languages and slang; posts of no detected language
 * go to the model, which falls back on the lexicon's own scores among its features.
 */
const MODEL_LANGUAGES = new Set(['en']);

/** A post's sentiment: the learned model where it applies (docs/sentiment.md), else the lexicon. */
export function scoreSentiment(a: Analysed, text: string, language?: string | null): Sentiment {
  const lex = scoreLexicon(a, text);
  if (lex.units === 0) return lex;
  const model = currentModel();
  if (!model || !modelReads(language)) return lex;
  return fromProbabilities(predict(model, a, text, lex), lex);
}

/** Whether the learned model scores posts of this language (null: none detected). */
export const modelReads = (language: string | null | undefined) => !language || MODEL_LANGUAGES.has(language);

/** The verdict of three class probabilities (negative, neutral, positive). */
export function fromProbabilities(p: Float64Array, lex: LexiconSentiment): Sentiment {
  const score = p[2] - p[0];
  const best = Math.max(p[0], p[1], p[2]);
  // Balanced (strong praise and strong blame that cancel) is a class the model has no examples
  // of: the lexicon's rule names it when the model, too, takes neither side.
  if (lex.classificationId === CLASSIFICATION.Balanced && best === p[1])
    return { score, classificationId: CLASSIFICATION.Balanced, favourabilityId: FAVOURABILITY.Neutral };
  if (best === p[2]) return { score, classificationId: CLASSIFICATION.Positive, favourabilityId: FAVOURABILITY.Positive };
  if (best === p[0]) return { score, classificationId: CLASSIFICATION.Negative, favourabilityId: FAVOURABILITY.Negative };
  return { score, classificationId: CLASSIFICATION.Neutral, favourabilityId: FAVOURABILITY.Neutral };
}

export interface SentimentExplanation extends Sentiment {
  /** Which scorer decided: the learned model or the lexicon (other languages, no model). */
  scorer: 'model' | 'lexicon';
  reasons: SentimentReason[];
}

/**
 * The same verdict as scoreSentiment, with the features that weighed most ("why this sentiment").
 * Without a language, detects it from the text as enrichment does.
 */
export function explainSentiment(text: string, language?: string | null): SentimentExplanation {
  const a = analyse(text);
  if (language === undefined) language = detectLanguage(a.tokens, text);
  const lex = scoreLexicon(a, text);
  const model = currentModel();
  if (lex.units === 0 || !model || !modelReads(language)) {
    // Weights relative to the verdict, as the model's are: positive words count for a Positive
    // verdict and against a Negative or Neutral one.
    const towards = lex.favourabilityId === FAVOURABILITY.Positive ? 1 : lex.favourabilityId === FAVOURABILITY.Negative ? -1 : 0;
    const round = (x: number) => Math.round(x * 100) / 100;
    // The opinion words and emoji found, by their valence (negation and boosters aside).
    const found = new Map<string, number>();
    for (const w of sentimentWords(a)) {
      const v = WORDS.get(w);
      if (v) found.set(`"${w}"`, v);
    }
    for (const e of a.emoji) if (EMOJI[e]) found.set(e, EMOJI[e]);
    const reasons: SentimentReason[] = [...found]
      .map(([feature, v]) => ({ feature, weight: round(towards === 0 ? -Math.abs(v) : towards * v) }))
      .sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight))
      .slice(0, 5);
    if (reasons.length === 0) {
      if (lex.pos > 0) reasons.push({ feature: 'positive phrases (word lists)', weight: round(towards === 0 ? -lex.pos : towards * lex.pos) });
      if (lex.neg > 0) reasons.push({ feature: 'negative phrases (word lists)', weight: round(towards === 0 ? -lex.neg : -towards * lex.neg) });
    }
    return { ...withoutParts(lex), scorer: 'lexicon', reasons };
  }
  const p = predict(model, a, text, lex);
  return { ...fromProbabilities(p, lex), scorer: 'model', reasons: explain(model, a, text, lex).reasons };
}

function withoutParts(l: LexiconSentiment): Sentiment {
  return { score: l.score, classificationId: l.classificationId, favourabilityId: l.favourabilityId };
}
