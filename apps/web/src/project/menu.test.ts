// The project side menu built from the screen catalogue: its items per project type, products and the active item.
import { describe, expect, it } from 'vitest';
import { activeMenuKey, projectMenu } from './menu.ts';

const ALL = ['KPSZ10', 'KPVT10', 'KPRW10', 'KPOZ10', 'KPIB10', 'KPNT10'];
const labels = (typeId: number, owned = ALL) => projectMenu(typeId, [7, 8, 9], owned).map((i) => i.label);

describe('the project side menu', () => {
  it('shows a brand project (type 1) every analysis item of the table', () => {
    expect(labels(1)).toEqual([
      'Dashboard',
      'Platforms',
      'per Contact Notification',
      'Top Authors',
      'Competitor Tracking',
      'Post Listing',
      'Sentiment Rating',
      "Ave calc's",
      'Reaction Lists',
      'Response option Alert',
      'Influencer Monitoring',
      'Deep Dive',
      'Follower Growth',
      'Sort Bins',
      'Input Bins',
      'Tree View',
      'World Map',
      'Stats Analysis',
      'Trend Analysis',
      'Narrative Analysis',
      'Access Token Management',
    ]);
  });

  it('hides the items of types 1 and 5 from a campaign project (type 2)', () => {
    const items = labels(2);
    for (const hidden of ['Top Authors', 'Competitor Tracking', 'Reaction Lists', 'Influencer Monitoring', 'Deep Dive', 'Sentiment Rating', 'Input Bins']) {
      expect(items).not.toContain(hidden);
    }
    expect(items).toContain('Follower Growth');
    expect(items).toContain('Tree View');
  });

  it('offers sentiment and input bins to influencer and competitor projects (types 6, 7)', () => {
    expect(labels(6)).toContain('Sentiment Rating');
    expect(labels(7)).toContain('Input Bins');
    expect(labels(7)).not.toContain('Deep Dive');
  });

  it('lists LinkedIn under Platforms for types 2, 3, 8 and 9, and for a project of another type that tracks it', () => {
    const platforms = (typeId: number, streams = [7, 8, 9, 10, 11]) =>
      projectMenu(typeId, streams, ALL)
        .find((i) => i.key === 'platforms')!
        .children!.map((c) => c.label);
    expect(platforms(1)).toEqual(['X', 'Facebook', 'Instagram', 'YouTube', 'LinkedIn']);
    expect(platforms(1, [7, 8, 9])).toEqual(['X', 'Facebook', 'Instagram', 'YouTube']);
    for (const t of [2, 3, 8, 9]) expect(platforms(t, [7, 8, 9])).toContain('LinkedIn');
    // An owned-profiles project's Filter does not offer LinkedIn, so neither does its menu.
    expect(platforms(5)).not.toContain('LinkedIn');
  });

  it("disables a platform the project's streams lack", () => {
    const children = projectMenu(3, [7, 9, 11], ALL).find((i) => i.key === 'platforms')!.children!;
    expect(children.filter((c) => c.disabled).map((c) => c.label)).toEqual(['Facebook', 'YouTube']);
  });

  it('locks every gated item for a client that owns no products', () => {
    const locked = projectMenu(1, [7], [])
      .filter((i) => i.locked)
      .map((i) => i.label);
    expect(locked).toEqual(['per Contact Notification', 'Sentiment Rating', 'Reaction Lists', 'Deep Dive', 'Sort Bins', 'Input Bins']);
  });

  it('opens sentiment for a client that owns only KPSZ10 and keeps the rest locked', () => {
    const items = projectMenu(1, [7], ['KPSZ10']);
    expect(items.find((i) => i.key === 'sentiment')!.locked).toBeNull();
    expect(items.find((i) => i.key === 'deep-dive')!.locked).toBe('DeepDive');
  });

  it('opens every item for a client that owns all products', () => {
    expect(projectMenu(1, [7], ALL).some((i) => i.locked)).toBe(false);
  });

  it('leads Post Listing to its screen and Response option Alert to its dialog, for every project type', () => {
    for (const t of [1, 2, 3, 5, 6, 7, 8, 9]) {
      const items = projectMenu(t, [7], []);
      expect(items.find((i) => i.key === 'post-listing')!.action).toEqual({ kind: 'analysis', path: 'post-listing' });
      expect(items.find((i) => i.key === 'response-alert')!.action).toEqual({ kind: 'dialog', dialog: 'response-alert' });
    }
  });
});

describe("Ave calc's, Sort Bins and Input Bins", () => {
  it('lead to their screens, Sort Bins and Input Bins only when their products are owned', () => {
    const items = projectMenu(1, [7], ALL);
    expect(items.find((i) => i.key === 'ave-calcs')!.action).toEqual({ kind: 'analysis', path: 'ave-calcs' });
    expect(items.find((i) => i.key === 'sort-bins')!).toMatchObject({ action: { kind: 'analysis', path: 'sort-bins' }, locked: null });
    expect(items.find((i) => i.key === 'input-bins')!).toMatchObject({ action: { kind: 'analysis', path: 'input-bins' }, locked: null });
    const none = projectMenu(1, [7], []);
    expect(none.find((i) => i.key === 'ave-calcs')!.locked).toBeNull();
    expect(none.find((i) => i.key === 'sort-bins')!.locked).toBe('SortBins');
    expect(none.find((i) => i.key === 'input-bins')!.locked).toBe('InputBins');
  });

  it('mark their own screens active', () => {
    expect(activeMenuKey('/client/1/project/4/ave-calcs')).toBe('ave-calcs');
    expect(activeMenuKey('/client/1/project/4/sort-bins')).toBe('sort-bins');
    expect(activeMenuKey('/client/1/project/4/input-bins')).toBe('input-bins');
  });
});

describe('the active menu item', () => {
  it('follows the screen in the address', () => {
    expect(activeMenuKey('/client/1/project/4')).toBe('dashboard');
    expect(activeMenuKey('/client/1/project/4/platform/9')).toBe('platform-9');
    expect(activeMenuKey('/client/1/project/4/influencer-comparison')).toBe('influencer-monitoring');
    expect(activeMenuKey('/client/1/project/4/post-listing')).toBe('post-listing');
    expect(activeMenuKey('/client/1/projects')).toBeNull();
  });
});
