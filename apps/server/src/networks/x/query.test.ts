import { describe, expect, it } from 'vitest';
import { buildXQueries, ruleToX } from './query.ts';

describe('X query from bin rules', () => {
  it('writes AND as a space, NOT as a minus, and keeps phrases and groups', () => {
    expect(ruleToX({ kind: 'phrase', expression: '"brand sa" AND (launch OR promo) AND NOT jobs' })).toBe('"brand sa" (launch OR promo) -jobs');
  });

  it("applies the rule's kind to each term", () => {
    expect(ruleToX({ kind: 'handle', expression: '@brandsa OR brandsa_help' })).toBe('@brandsa OR @brandsa_help');
    expect(ruleToX({ kind: 'hashtag', expression: 'brandsa AND NOT #ad' })).toBe('#brandsa -#ad');
    expect(ruleToX({ kind: 'profile', expression: 'brandsa' })).toBe('from:brandsa');
    expect(ruleToX({ kind: 'url', expression: 'brand.co.za' })).toBe('url:"brand.co.za"');
  });

  it('closes unbalanced parentheses and drops dangling operators', () => {
    expect(ruleToX({ kind: 'topic', expression: 'OR (a OR b' })).toBe('(a OR b)');
    expect(ruleToX({ kind: 'topic', expression: '' })).toBe('');
  });

  it('ORs the rules together and splits them to fit the length limit', () => {
    const rules = [
      { kind: 'handle', expression: 'brandsa' },
      { kind: 'hashtag', expression: 'brandsa' },
      { kind: 'phrase', expression: '"brand sa"' },
    ];
    expect(buildXQueries(rules, { suffix: '-is:retweet' })).toEqual(['((@brandsa) OR (#brandsa) OR ("brand sa")) -is:retweet']);
    const split = buildXQueries(rules, { maxLength: 25 });
    expect(split).toEqual(['(@brandsa) OR (#brandsa)', '"brand sa"']);
    expect(split.every((q) => q.length <= 25)).toBe(true);
  });
});
