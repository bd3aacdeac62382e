import { describe, expect, it } from 'vitest';
import { screenHref, screenRouteId, screenTo } from './screen-routes.ts';

describe('a screen’s addresses', () => {
  it('are built from the catalogue’s path', () => {
    expect(screenTo('follower-growth')).toBe('/client/$clientId/project/$projectId/performance-measurement');
    expect(screenRouteId('deep-dive')).toBe('/_private/client/$clientId/project/$projectId/deep-dive');
  });

  it('fill in a project’s ids and the screen’s own parameters', () => {
    expect(screenHref('workflow', 3, 4, { wordBinId: 12 })).toBe('/client/3/project/4/reaction-list/wordbin/12/workflow');
    expect(screenHref('crisis-lists', 3, 4)).toBe('/client/3/project/4/crisis-lists');
  });
});
