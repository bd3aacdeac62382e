import { describe, expect, it } from 'vitest';
import { analyse } from '../../nlp/text.ts';
import { compileRules, type RuleSpec } from './compile.ts';
import { keywordsToExpression } from './expression.ts';

const post = (text: string, extra: Record<string, unknown> = {}) => ({ tokens: analyse(text).tokens, urls: analyse(text).urls, ...extra });
const one = (expression: string, text: string, kind?: string) => compileRules([{ id: 1, expression, kind }]).match(post(text)).length === 1;

describe('rule matcher', () => {
  it('reads adjacent words and AND as all of them', () => {
    expect(one('vodacom AND network', 'The Vodacom network is down')).toBe(true);
    expect(one('vodacom network', 'The network is down')).toBe(false);
  });
  it('reads OR and commas as any of them', () => {
    expect(one('vodacom OR mtn', 'MTN again')).toBe(true);
    expect(one('vodacom, mtn, telkom', 'telkom line down')).toBe(true);
    expect(one('vodacom OR mtn', 'cell c')).toBe(false);
  });
  it('excludes with NOT and groups with parentheses', () => {
    expect(one('vodacom NOT (jobs OR hiring)', 'Vodacom is hiring')).toBe(false);
    expect(one('vodacom NOT (jobs OR hiring)', 'Vodacom is great')).toBe(true);
    expect(one('(bank OR insurer) AND (app OR online) NOT scam', 'my bank app works')).toBe(true);
  });
  it('matches quoted phrases as consecutive words only', () => {
    expect(one('"load shedding"', 'Load-shedding stage 6 tonight')).toBe(true);
    expect(one('"load shedding"', 'shedding the load')).toBe(false);
  });
  it('folds case and accents on both sides', () => {
    expect(one('café', 'Best CAFE in town')).toBe(true);
    expect(one('"sao paulo"', 'Voo para São Paulo')).toBe(true);
  });
  it('treats #hashtags and @handles as tokens; a bare word also matches them', () => {
    expect(one('#springboks', 'Go Springboks')).toBe(false);
    expect(one('#springboks', 'Go #Springboks!')).toBe(true);
    expect(one('springboks', 'Go #Springboks!')).toBe(true);
    expect(one('@vodacom', 'vodacom is fine')).toBe(false);
    expect(one('vodacom', 'hey @Vodacom')).toBe(true);
    expect(one('springboks', 'hey #Springboks2027')).toBe(false);
  });
  it('prefixes bare words of hashtag and handle rules', () => {
    expect(one('springboks', 'Go Springboks', 'hashtag')).toBe(false);
    expect(one('springboks', 'Go #springboks', 'hashtag')).toBe(true);
    expect(one('vodacom', 'thanks @vodacom', 'handle')).toBe(true);
  });
  it('matches url rules on host, parent domain and path prefix', () => {
    expect(one('acme.co.za/deals', 'see https://www.acme.co.za/deals/123?x=1', 'url')).toBe(true);
    expect(one('acme.co.za', 'see https://shop.acme.co.za/x', 'url')).toBe(true);
    expect(one('acme.co.za/deals', 'see https://acme.co.za/about', 'url')).toBe(false);
  });
  it('matches crafted urls (50,000 slashes or dots) in linear time, still on every prefix a rule names', () => {
    const m = compileRules([
      { id: 1, expression: 'acme.co.za/deals', kind: 'url' },
      { id: 2, expression: 'shop.acme.co.za', kind: 'url' },
    ]);
    const deep = `https://acme.co.za/deals/${'a/'.repeat(25_000)}x`;
    const dotted = `https://${'a.'.repeat(25_000)}shop.acme.co.za/x`;
    const t0 = performance.now();
    const hits = [
      m.match({ tokens: [], urls: [deep] }),
      m.match({ tokens: [], urls: [dotted] }),
      m.match({ tokens: [], urls: [`https://x.co/${'/'.repeat(50_000)}y`] }),
    ];
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(hits).toEqual([[1], [2], []]);
  });
  it('matches profile rules on the author, replies to it and mentions of it', () => {
    const m = compileRules([{ id: 7, expression: '@AcmeSA', kind: 'profile' }]);
    expect(m.match({ tokens: [], authorHandle: 'acmesa' })).toEqual([7]);
    expect(m.match({ tokens: [], replyToHandle: '@AcmeSA' })).toEqual([7]);
    expect(m.match(post('love you @acmesa'))).toEqual([7]);
    expect(m.match(post('love you acmesa'))).toEqual([]);
  });
  it('keeps a rule to its stream', () => {
    const m = compileRules([{ id: 1, expression: 'acme', streamId: 7 }]);
    expect(m.match({ ...post('acme'), streamId: 8 })).toEqual([]);
    expect(m.match({ ...post('acme'), streamId: 7 })).toEqual([1]);
  });
  it('reports rules that do not parse and keeps the others', () => {
    const m = compileRules([
      { id: 1, expression: '(acme' },
      { id: 2, expression: 'acme' },
      { id: 3, expression: 'AND' },
    ]);
    expect(m.errors.map((e) => e.id)).toEqual([1, 3]);
    expect(m.match(post('acme'))).toEqual([2]);
  });
  it('evaluates a NOT-only rule on every post', () => {
    expect(one('NOT spam', 'hello world')).toBe(true);
    expect(one('NOT spam', 'spam here')).toBe(false);
  });
  it('finds exactly the right rules among ten thousand', () => {
    const rules: RuleSpec[] = [];
    for (let i = 0; i < 10_000; i++) rules.push({ id: i, expression: `brand${i} OR "campaign ${i} launch"` });
    rules.push({ id: 99_999, expression: 'brand5 AND brand6 NOT brand7' });
    const m = compileRules(rules);
    expect(m.match(post('brand5 and brand6 with campaign 42 launch')).sort((a, b) => a - b)).toEqual([5, 6, 42, 99_999]);
    expect(m.match(post('brand5 brand6 brand7')).sort((a, b) => a - b)).toEqual([5, 6, 7]);
  });
  it('turns word-bin keywords (1 AND, 2 OR, 3 NOT) into one expression', () => {
    const expr = keywordsToExpression([
      { keyword: 'refund', operator: 1 },
      { keyword: 'acme', operator: 2 },
      { keyword: 'acme bank', operator: 2 },
      { keyword: 'joke', operator: 3 },
      { keyword: ' ', operator: 1 },
    ]);
    expect(expr).toBe('"refund" AND ("acme" OR "acme bank") AND NOT ("joke")');
    expect(one(expr, 'acme bank refund please')).toBe(true);
    expect(one(expr, 'acme refund joke')).toBe(false);
    expect(one(expr, 'bank refund')).toBe(false);
  });
});
