// The training script's choices (apps/server/scripts/train-sentiment.ts, docs/sentiment.md) on
// data small enough for a unit test: the class weights and the figures it reports and chooses by.
import { describe, expect, it } from 'vitest';
import { figures, margin, type Example } from '../../scripts/sentiment-data.ts';
import { balancedWeights, crossValidate, evaluate, periodOf, train } from '../../scripts/train-sentiment.ts';
import type { SentimentClass } from './sentiment-model.ts';

describe('the figures the training reports', () => {
  it('balanced accuracy is the mean of the three recalls, whatever the mix', () => {
    const actual: SentimentClass[] = ['negative', 'negative', 'neutral', 'neutral', 'neutral', 'neutral', 'positive', 'positive'];
    const predicted: SentimentClass[] = ['negative', 'neutral', 'neutral', 'neutral', 'neutral', 'neutral', 'neutral', 'positive'];
    const f = figures(actual, predicted);
    // recalls: negative 1/2, neutral 4/4, positive 1/2
    expect(f.balancedAccuracy).toBeCloseTo((0.5 + 1 + 0.5) / 3, 10);
    expect(f.accuracy).toBeCloseTo(6 / 8, 10);
    expect(f.neutralRecall).toBe(1);
    // A scorer's lean: 1 of 8 posts called negative, 2 of 8 labelled so.
    expect(f.predictedNegative).toBe(1 / 8);
    expect(f.actualNegative).toBe(2 / 8);
  });
  it('gives an accuracy its 95% margin, which narrows with more posts', () => {
    expect(margin(0.5, 10_000)).toBe('1.0 at 95%');
    expect(margin(0.675, 2000)).toBe('2.1 at 95%');
  });
});

describe('class weights', () => {
  it('weigh each class in inverse proportion to its count, the most common weighing 1', () => {
    const labels: SentimentClass[] = ['negative', 'neutral', 'neutral', 'positive', 'positive', 'positive', 'positive'];
    expect(balancedWeights(labels)).toEqual([4, 2, 1]);
    expect(balancedWeights(['neutral', 'neutral', 'positive'])).toEqual([1, 1, 2]);
  });

  it('balanced, they make a model trained on few complaints find more of them', () => {
    // Many neutral and positive posts, few complaints: trained as it is, a model leans away
    // from the rare class; balanced weights train it for an even mix.
    const ex = (text: string, label: SentimentClass, i: number): Example => ({ text: `${text} ${i}`, label, source: 'semeval-test' });
    const data: Example[] = [];
    const topics = ['the store', 'our order', 'the app', 'delivery', 'the staff', 'support', 'the price', 'checkout'];
    for (let i = 0; i < 120; i++) {
      const t = topics[i % topics.length];
      data.push(ex(`${t} opens at nine on monday`, 'neutral', i));
      data.push(ex(`${t} was lovely, thank you`, 'positive', i));
      if (i % 6 === 0) data.push(ex(`${t} was slow and rude again`, 'negative', i));
    }
    const probes = topics.flatMap((t) => [`${t} was slow`, `${t} again on monday`, `rude ${t}`]).map((text) => ({ text, label: 'negative' as const }));
    const options = { seeds: 1, rates: [0.1], epochs: 3 };
    const plain = evaluate(
      train(data, { ...options, classWeights: [1, 1, 1] }, () => {}),
      probes,
    );
    const balanced = evaluate(
      train(data, { ...options, classWeights: 'balanced' }, () => {}),
      probes,
    );
    expect(balanced.confusion[0][0]).toBeGreaterThan(plain.confusion[0][0]);
  });
});

describe('cross-validation by fold', () => {
  it('scores each public tweet by the model of the other period, trains on rated clips in every fold and never scores them', () => {
    // The two periods praise and complain in different made-up words (no word list knows them),
    // so what one period teaches does not carry over to the other; rated clips (fold -1) that use
    // both periods' words do.
    const data: Example[] = [];
    for (let i = 0; i < 30; i++) {
      data.push({ text: `the store was zibble ${i}`, label: 'positive', source: 'semeval-2013train.tsv' });
      data.push({ text: `the store was quorf ${i}`, label: 'negative', source: 'semeval-2013train.tsv' });
      data.push({ text: `the app was blarg ${i}`, label: 'positive', source: 'semeval-2016train.tsv' });
      data.push({ text: `the app was snerp ${i}`, label: 'negative', source: 'semeval-2016train.tsv' });
    }
    const words: [string, SentimentClass][] = [
      ['zibble', 'positive'],
      ['blarg', 'positive'],
      ['quorf', 'negative'],
      ['snerp', 'negative'],
    ];
    const rated: Example[] = words.flatMap(([w, label]) => [0, 1, 2].map((i) => ({ text: `${w} ${i}`, label, source: 'ratings' })));
    expect([...data, ...rated].map(periodOf).filter((p) => p === -1)).toHaveLength(rated.length);
    const options = { seeds: 1, epochs: 1 };
    const [apart] = crossValidate(data, 0.1, options, 2, false, periodOf);
    const [withRated] = crossValidate([...data, ...rated], 0.1, options, 2, false, periodOf);
    // Every public tweet scored once; rated clips never.
    expect(apart.examples).toBe(120);
    expect(withRated.examples).toBe(120);
    expect(apart.accuracy).toBeLessThan(0.75);
    expect(withRated.accuracy).toBeGreaterThan(0.9);
    // Random folds mix the periods: each period's words are learnt from its own other tweets.
    const [mixed] = crossValidate(data, 0.1, options, 2);
    expect(mixed.accuracy).toBeGreaterThan(0.9);
  });
});
