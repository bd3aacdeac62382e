// Lexicon sentiment for social posts, in the manner of VADER: word valences, then the rules that
// general scorers miss on tweets (negation, boosters, "but", emoji, exclamation, sarcasm markers).
// One linear pass over tokens, no allocation per word: enrichment must stay at tens of thousands
// of posts per second per core.
import { CLASSIFICATION, FAVOURABILITY } from '@listening/contract';
import type { Analysed } from './text.ts';
import { BOOSTERS, COMPLAINT, CONTRAST, DAMPENERS, EMOJI, NEGATORS, PHRASES, POST_BOOSTERS, SARCASM, WORDS } from './lexicon.ts';

export interface Sentiment {
  /** -1..1, VADER's normalised compound. */
  score: number;
  classificationId: number;
  favourabilityId: number;
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

export function scoreSentiment(a: Analysed, text: string): Sentiment {
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
  return { score, ...classify(score, pos, neg, words.length + a.emoji.length) };
}

function classify(score: number, pos: number, neg: number, units: number) {
  if (units === 0) return { classificationId: CLASSIFICATION.None, favourabilityId: FAVOURABILITY.Neutral };
  // Strong praise and strong blame that cancel out: Balanced, which counts as neutral favourability.
  if (pos >= 3 && neg >= 3 && Math.min(pos, neg) / Math.max(pos, neg) >= 0.6)
    return { classificationId: CLASSIFICATION.Balanced, favourabilityId: FAVOURABILITY.Neutral };
  if (score >= NEUTRAL_BAND) return { classificationId: CLASSIFICATION.Positive, favourabilityId: FAVOURABILITY.Positive };
  if (score <= -NEUTRAL_BAND) return { classificationId: CLASSIFICATION.Negative, favourabilityId: FAVOURABILITY.Negative };
  return { classificationId: CLASSIFICATION.Neutral, favourabilityId: FAVOURABILITY.Neutral };
}
