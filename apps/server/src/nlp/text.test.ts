import { describe, expect, it } from 'vitest';
import { analyse, urlKey } from './text.ts';

/** Milliseconds a call takes. */
const timed = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

describe('text analysis', () => {
  it('keeps urls whole and trims their trailing punctuation', () => {
    expect(analyse('see https://acme.co.za/deals/1?x=2). and www.acme.com/a/b!').urls).toEqual(['https://acme.co.za/deals/1?x=2', 'www.acme.com/a/b']);
    expect(urlKey('HTTPS://www.Acme.co.za/Deals///?q=1#top')).toBe('acme.co.za/deals');
    expect(urlKey('https://acme.co.za')).toBe('acme.co.za');
  });

  // Feed text and urls are unbounded: patterns that backtrack over a long run once per start
  // position take seconds on 50,000 characters and hold the event loop (and the API) meanwhile.
  it('takes linear time on crafted urls (long runs of punctuation or slashes not at the end)', () => {
    const punct = `https://acme.co.za/${')'.repeat(50_000)}x y`;
    expect(timed(() => analyse(punct))).toBeLessThan(1_000);
    expect(analyse(punct).urls[0].endsWith('x')).toBe(true);
    expect(analyse(`https://a.co/x${'.'.repeat(50_000)}`).urls).toEqual(['https://a.co/x']);
    const slashes = `acme.co.za${'/'.repeat(50_000)}x`;
    expect(timed(() => urlKey(slashes))).toBeLessThan(1_000);
    expect(urlKey(`acme.co.za/a${'/'.repeat(50_000)}`)).toBe('acme.co.za/a');
    expect(timed(() => urlKey(`a.co/${'?'.repeat(25_000)}${'\n'.repeat(25_000)}`))).toBeLessThan(1_000);
    for (const body of ["a'".repeat(25_000), '#'.repeat(50_000), 'www.'.repeat(12_500), ':-'.repeat(25_000), 'http://'.repeat(7_000), `${'é'.repeat(50_000)}!`])
      expect(
        timed(() => analyse(body)),
        body.slice(0, 8),
      ).toBeLessThan(1_000);
  });
});
