import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URLS } from './registry.ts';

describe('Graph API base', () => {
  // Meta's changelog: v18.0 stopped being served on 26 Jan 2026; v25.0 is served until 29 Jul 2028.
  it('names a Graph API version that Meta still serves by default', () => {
    expect(DEFAULT_BASE_URLS.graph).toBe('https://graph.facebook.com/v25.0');
  });
});
