import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAVOURABILITY } from '@listening/contract';
import { enrich } from './enrich.ts';

// The figures documented in docs/ingestion.md. labelled.jsonl is the sample the lexicon was tuned
// on; holdout.jsonl was written before that tuning was looked at against it and never tuned on.
const DOCUMENTED_ACCURACY = 0.94;
const DOCUMENTED_HOLDOUT_ACCURACY = 0.83;

const load = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { text: string; label: 'positive' | 'negative' | 'neutral'; lang: string });
const rows = load('labelled');
const holdout = load('holdout');
const LABEL: Record<number, string> = { [FAVOURABILITY.Positive]: 'positive', [FAVOURABILITY.Neutral]: 'neutral', [FAVOURABILITY.Negative]: 'negative' };

describe('sentiment on the hand-labelled sample', () => {
  it('holds at least 150 mixed posts', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.lang)).size).toBeGreaterThanOrEqual(5);
  });
  it(`classifies at least ${DOCUMENTED_ACCURACY * 100}% of them as labelled`, () => {
    const right = rows.filter((r) => LABEL[enrich(r.text).favourabilityId] === r.label).length;
    expect(right / rows.length).toBeGreaterThanOrEqual(DOCUMENTED_ACCURACY);
  });
  it(`classifies at least ${DOCUMENTED_HOLDOUT_ACCURACY * 100}% of the held-out sample as labelled`, () => {
    const right = holdout.filter((r) => LABEL[enrich(r.text).favourabilityId] === r.label).length;
    expect(right / holdout.length).toBeGreaterThanOrEqual(DOCUMENTED_HOLDOUT_ACCURACY - 1e-9);
  });
  it('detects the language of at least 90% of them', () => {
    const right = rows.filter((r) => enrich(r.text).language === r.lang).length;
    expect(right / rows.length).toBeGreaterThanOrEqual(0.9);
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
  it('calls strong praise and blame together Balanced', () => {
    expect(cls('The food was amazing and wonderful, the service was terrible and disgusting')).toBe(5);
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
    // 35-50k/s measured (bench/ingest.ts); the bound leaves room for a busy shared machine.
    expect(perSecond).toBeGreaterThan(5_000);
  });
});
