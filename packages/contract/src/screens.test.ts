import { describe, expect, it } from 'vitest';
import { SCREENS, screenFor, screenOfSegment, screenShown, screensFor } from './screens.ts';

const menuLabels = (typeId: number) =>
  screensFor(typeId, [])
    .filter((s) => s.menu)
    .map((s) => s.label);

describe('the screen catalogue', () => {
  it('shows each project type the side menu’s screens of docs/spec/000_a68d9a07050fe88c.txt, "Project side menu"', () => {
    const everyType = ['Dashboard', 'Platforms', 'Post Listing', "Ave calc's", 'Follower Growth', 'Sort Bins', 'Tree View', 'World Map'];
    const t15 = ['Top Authors', 'Competitor Tracking', 'Sentiment Rating', 'Reaction Lists', 'Influencer Monitoring', 'Deep Dive', 'Input Bins'];
    for (const t of [1, 5]) expect(new Set(menuLabels(t))).toEqual(new Set([...everyType, ...t15]));
    for (const t of [6, 7]) expect(new Set(menuLabels(t))).toEqual(new Set([...everyType, 'Sentiment Rating', 'Input Bins']));
    for (const t of [2, 3, 8, 9]) expect(new Set(menuLabels(t))).toEqual(new Set(everyType));
  });

  it('names the product that locks a gated screen, and null once the client owns it', () => {
    const deepDive = (codes: string[]) => screensFor(1, codes).find((s) => s.key === 'deep-dive')!.locked;
    expect(deepDive([])).toBe('DeepDive');
    expect(deepDive(['KPVT10'])).toBeNull();
    expect(screensFor(1, []).find((s) => s.key === 'top-authors')!.locked).toBeNull();
  });

  it('keeps the dashboard panels’ own type lists apart from the screens of the same subject', () => {
    expect(screenShown('top-authors-panel', 6)).toBe(true);
    expect(screenShown('top-authors', 6)).toBe(false);
    expect(screenShown('sort-bins-tree', 2)).toBe(true);
    expect(screenShown('sort-bins-tree', 3)).toBe(false);
  });

  it('finds a screen by its first path segment below the project', () => {
    expect(screenOfSegment('influencer-comparison')).toBe('influencer-monitoring');
    expect(screenOfSegment('performance-measurement')).toBe('follower-growth');
    expect(screenOfSegment('reaction-list')).toBe('reaction-list');
    expect(screenOfSegment('crisis-monitoring')).toBe('crisis-list');
    expect(screenOfSegment('nowhere')).toBeNull();
  });

  it('gives every routed screen a distinct path', () => {
    const paths = Object.values(SCREENS)
      .map((s) => s.path)
      .filter((p) => p !== null);
    expect(new Set(paths).size).toBe(paths.length);
    expect(screenFor('follower-growth').path).toBe('performance-measurement');
  });
});
