import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CLASSIFICATION, FAVOURABILITY } from '@listening/contract';
import { enrich } from './enrich.ts';
import { MIN_REASON_WEIGHT, currentModel, decodeModel, encodeModel, isFillerFeature, reloadModel, setModel } from './sentiment-model.ts';
import { explainSentiment, scoreLexicon } from './sentiment.ts';
import { analyse } from './text.ts';

// The product's own hand-labelled samples (several languages, South African brands and slang).
// labelled.jsonl is IN-SAMPLE for the lexicon, which was tuned on it (94%); holdout.jsonl was
// never tuned on. The learned model never saw either. These are regression floors, not the
// product's accuracy: that is measured on a held-out public split by `npm run bench -- sentiment`
// (docs/sentiment.md).
const LEXICON_IN_SAMPLE_ACCURACY = 0.94;
const PRODUCT_ACCURACY = 0.91;
const PRODUCT_HOLDOUT_ACCURACY = 0.85;

const load = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { text: string; label: 'positive' | 'negative' | 'neutral'; lang: string });
const rows = load('labelled');
const holdout = load('holdout');
const LABEL: Record<number, string> = { [FAVOURABILITY.Positive]: 'positive', [FAVOURABILITY.Neutral]: 'neutral', [FAVOURABILITY.Negative]: 'negative' };
const accuracy = (sample: typeof rows, f: (text: string) => number) => sample.filter((r) => LABEL[f(r.text)] === r.label).length / sample.length;

describe('sentiment on the hand-labelled samples', () => {
  it('holds at least 150 mixed posts', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.lang)).size).toBeGreaterThanOrEqual(5);
  });
  it(`the product classifies at least ${PRODUCT_ACCURACY * 100}% of the sample and ${PRODUCT_HOLDOUT_ACCURACY * 100}% of the held-out sample as labelled`, () => {
    expect(accuracy(rows, (t) => enrich(t).favourabilityId)).toBeGreaterThanOrEqual(PRODUCT_ACCURACY);
    expect(accuracy(holdout, (t) => enrich(t).favourabilityId)).toBeGreaterThanOrEqual(PRODUCT_HOLDOUT_ACCURACY - 1e-9);
  });
  it(`the lexicon alone keeps its in-sample ${LEXICON_IN_SAMPLE_ACCURACY * 100}% (it was tuned on this sample)`, () => {
    expect(accuracy(rows, (t) => scoreLexicon(analyse(t), t).favourabilityId)).toBeGreaterThanOrEqual(LEXICON_IN_SAMPLE_ACCURACY);
  });
  it('detects the language of at least 90% of them', () => {
    const right = rows.filter((r) => enrich(r.text).language === r.lang).length;
    expect(right / rows.length).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the learned model', () => {
  afterEach(() => {
    reloadModel();
  });
  it('is shipped, small, and loads without a network', () => {
    const m = currentModel();
    expect(m).not.toBeNull();
    expect(encodeModel(m!).length).toBeLessThan(2 * 1024 * 1024);
    expect(m!.header.validation.accuracy).toBeGreaterThan(0.6);
  });
  it('round-trips through its file format and refuses a damaged file', () => {
    const m = currentModel()!;
    const back = decodeModel(encodeModel(m));
    expect(back.header).toEqual(m.header);
    expect(Buffer.from(back.weights.buffer).equals(Buffer.from(m.weights.buffer))).toBe(true);
    expect(() => decodeModel(Buffer.from('not a model'))).toThrow(/not a sentiment model/);
    expect(() => decodeModel(encodeModel(m).subarray(0, 5000))).toThrow(/truncated/);
  });
  it('reads complaints without opinion words and neutral news the way people do', () => {
    expect(enrich('been on hold for 2 hours').favourabilityId).toBe(FAVOURABILITY.Negative);
    expect(enrich('Vodacom announces Q3 results on Thursday at 10am').favourabilityId).toBe(FAVOURABILITY.Neutral);
  });
  it('explains a verdict by the features that weighed most, strongest first', () => {
    const e = explainSentiment('terrible service, very disappointed, never again', 'en');
    expect(e.scorer).toBe('model');
    expect(e.favourabilityId).toBe(FAVOURABILITY.Negative);
    expect(e.reasons.length).toBeGreaterThan(0);
    expect(e.reasons.length).toBeLessThanOrEqual(5);
    expect(e.reasons.map((r) => r.feature).join(' ')).toMatch(/terrible|disappointed|never again|negative words/);
    const w = e.reasons.map((r) => Math.abs(r.weight));
    expect(w).toEqual([...w].sort((a, b) => b - a));
  });
  it('explains only by features that carry weight: no filler words, nothing under the threshold, and none for plain news', () => {
    const e = explainSentiment('not bad at all, but a bit pricey in my opinion', 'en');
    const features = e.reasons.map((r) => r.feature);
    expect(features).not.toContain('"a"');
    expect(features).not.toContain('"in"');
    expect(features).toContain('"not"');
    for (const r of e.reasons) expect(Math.abs(r.weight)).toBeGreaterThanOrEqual(MIN_REASON_WEIGHT);
    expect(explainSentiment('Acme launches a new drink in Durban today', 'en').reasons).toEqual([]);
    expect(explainSentiment('I had a great time in Cape Town with Acme', 'en').reasons.map((r) => r.feature)).toContain('"great"');
  });
  it('calls a word feature filler only when every word is a stop word without a part in an opinion', () => {
    for (const f of ['"a"', '"in"', '"and the"', 'not "at"']) expect(isFillerFeature(f)).toBe(true);
    for (const f of ['"not"', '"great"', '"a great"', '"but a"', '"app"', 'exclamation marks', 'part of a word: "grea"'])
      expect(isFillerFeature(f)).toBe(false);
  });
  it('leaves the languages it was not trained on to the lexicon, and the lexicon scores alone without a model', () => {
    expect(explainSentiment('Baie dankie vir die lekker diens', 'af').scorer).toBe('lexicon');
    expect(explainSentiment('Ngiyabonga kakhulu', 'zu').favourabilityId).toBe(FAVOURABILITY.Positive);
    setModel(null);
    expect(explainSentiment('terrible service', 'en').scorer).toBe('lexicon');
    expect(enrich('terrible service, very disappointed').favourabilityId).toBe(FAVOURABILITY.Negative);
  });
});

describe('bad input: a sentiment, never a crash or a stall', () => {
  const inputs: [string, string][] = [
    ['empty', ''],
    ['only spaces and punctuation', '   ...!!! ??? '],
    ['binary', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString('latin1')],
    ['control characters and a lone surrogate', '\u0000\u0001\u0007\ud800 bad \uffff'],
    ['mixed scripts', 'Отличный сервис 很好 ممتاز great service שירות מצוין'],
    ['an unknown language', 'Huduma ilikuwa nzuri sana lakini bei iko juu'],
    ['a stretched word', `so${'o'.repeat(50_000)} good`],
    ['huge', 'the delivery was late and cold but the staff were lovely '.repeat(20_000)],
  ];
  for (const [name, text] of inputs)
    it(`${name}: answers a sentiment quickly`, () => {
      const t0 = performance.now();
      const e = enrich(text);
      const why = explainSentiment(text);
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect([FAVOURABILITY.Positive, FAVOURABILITY.Neutral, FAVOURABILITY.Negative]).toContain(e.favourabilityId);
      expect(Number.isFinite(e.sentimentScore)).toBe(true);
      expect(e.sentimentScore).toBeGreaterThanOrEqual(-1);
      expect(e.sentimentScore).toBeLessThanOrEqual(1);
      expect(why.favourabilityId).toBe(e.favourabilityId);
    });
  it('calls a post with nothing to score None and Neutral', () => {
    expect(enrich('').classificationId).toBe(CLASSIFICATION.None);
    expect(enrich('https://example.com').favourabilityId).toBe(FAVOURABILITY.Neutral);
    expect(enrich(Buffer.from([0, 1, 2, 3, 255]).toString('latin1')).favourabilityId).toBe(FAVOURABILITY.Neutral);
  });
});

describe('sentiment rules', () => {
  const cls = (t: string) => enrich(t).classificationId;
  it('maps to the classification codes: 3 positive, 4 negative, 7 neutral, 0 none', () => {
    expect(cls('I love this, brilliant service')).toBe(3);
    expect(cls('terrible service, very disappointed')).toBe(4);
    expect(cls('The store opens at nine')).toBe(7);
    expect(cls('https://example.com')).toBe(0);
  });
  it('flips negated words and ignores mentions', () => {
    expect(cls('not good at all')).toBe(4);
    expect(cls('@happyfoods the delivery was late and cold')).toBe(4);
  });
  it('reads emoji and sarcasm markers', () => {
    expect(cls('😍😍')).toBe(3);
    expect(cls('Oh great, load shedding again 🙄')).toBe(4);
  });
  it('calls strong praise and blame together Balanced when the model takes neither side', () => {
    const text = 'The food was amazing and wonderful, the service was terrible and disgusting';
    expect(scoreLexicon(analyse(text), text).classificationId).toBe(CLASSIFICATION.Balanced);
    setModel(null);
    expect(cls(text)).toBe(CLASSIFICATION.Balanced);
    reloadModel();
    // The model takes a side on this one: its verdict stands.
    expect([CLASSIFICATION.Positive, CLASSIFICATION.Negative]).toContain(cls(text));
  });
});

describe('enrichment', () => {
  it('extracts hashtags, handles, urls, entities and terms without stop words', () => {
    const e = enrich('Met Cyril Ramaphosa in Cape Town with @AcmeSA and Standard Bank #Launch https://acme.co.za/x.');
    expect(e.hashtags).toEqual(['#launch']);
    expect(e.handles).toEqual(['@acmesa']);
    expect(e.urls).toEqual(['https://acme.co.za/x']);
    expect(e.people).toEqual(['Cyril Ramaphosa']);
    expect(e.places).toEqual(['Cape Town']);
    expect(e.organisations).toEqual(['Standard Bank']);
    expect(e.terms).not.toContain('with');
    expect(e.terms).toContain('ramaphosa');
  });
  it('enriches thousands of posts per second on one core, even on a busy machine', () => {
    const texts = rows.map((r) => r.text);
    const t0 = performance.now();
    for (let i = 0; i < 20_000; i++) enrich(texts[i % texts.length]);
    const perSecond = 20_000 / ((performance.now() - t0) / 1000);
    // With the learned model 35-40k/s measured (npm run bench -- sentiment); the bound leaves room for a busy shared machine.
    expect(perSecond).toBeGreaterThan(5_000);
  });
});
