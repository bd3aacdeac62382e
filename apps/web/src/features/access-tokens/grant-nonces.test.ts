// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepGrantNonce, takeGrantNonce } from './grant-nonces.ts';

afterEach(() => localStorage.clear());

describe('the nonces this browser keeps for the grants it started', () => {
  it('keeps a nonce by the state of the authorisation address and gives it out once', () => {
    keepGrantNonce('https://www.facebook.com/dialog/oauth?client_id=1&state=abc.DEF-_1&redirect_uri=x', 'n1');
    keepGrantNonce('https://www.tiktok.com/v2/auth/authorize/?state=other', 'n2');
    expect(takeGrantNonce('abc.DEF-_1')).toBe('n1');
    expect(takeGrantNonce('abc.DEF-_1')).toBeUndefined();
    expect(takeGrantNonce('other')).toBe('n2');
    expect(localStorage.length).toBe(0);
  });

  it('forgets nonces older than a state lives (10 minutes) when it keeps another', () => {
    const now = Date.now();
    keepGrantNonce('https://p.test/a?state=old', 'n1', now - 10 * 60_000);
    keepGrantNonce('https://p.test/a?state=recent', 'n2', now - 9 * 60_000);
    keepGrantNonce('https://p.test/a?state=new', 'n3', now);
    expect(takeGrantNonce('old')).toBeUndefined();
    expect(takeGrantNonce('recent')).toBe('n2');
    expect(takeGrantNonce('new')).toBe('n3');
  });

  it('keeps nothing for an address without a state, and survives a damaged store', () => {
    keepGrantNonce('not an address', 'n1');
    keepGrantNonce('https://p.test/a', 'n1');
    expect(localStorage.length).toBe(0);
    localStorage.setItem('listening-grant-nonces', '{not json');
    expect(takeGrantNonce('s')).toBeUndefined();
    keepGrantNonce('https://p.test/a?state=s', 'n1');
    expect(takeGrantNonce('s')).toBe('n1');
  });
});
