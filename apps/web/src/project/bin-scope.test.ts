import { describe, expect, it } from 'vitest';
import { binKind, binRuleOf } from './bin-scope.ts';

describe('the bin set as the dashboard, screen by screen', () => {
  it('is counted by the dashboard, its platform views and the screens that read the analytic scope', () => {
    for (const path of ['', '/', '/platform/7', '/sentiment', '/top-authors', '/world-map', '/deep-dive', '/content-classification', '/post-listing'])
      expect(binRuleOf(`/client/1/project/4${path}`), path).toEqual({ counts: true });
  });

  it('is not counted by Competitor Tracking, which says why', () => {
    expect(binRuleOf('/client/1/project/4/competitor-tracking')).toEqual({ counts: false, why: 'Competitor Tracking compares projects, not sort bins' });
    expect(binRuleOf('/client/1/project/4/reaction-list/wordbin/9/workflow')).toMatchObject({ counts: false });
  });

  it('knows no rule for a path that is no project screen', () => {
    expect(binRuleOf('/client/1/project/4/nonsense')).toBeNull();
    expect(binRuleOf('/clients')).toBeNull();
  });

  it('names a bin by its kind', () => {
    expect(binKind(2)).toBe('sort bin');
    expect(binKind(6)).toBe('input bin');
  });
});
