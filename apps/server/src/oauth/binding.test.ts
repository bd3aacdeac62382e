import { describe, expect, it } from 'vitest';
import { GRANT_OTHER_BROWSER, GRANT_OTHER_USER, LINK_OTHER_BROWSER, linkCookie, newBrowserNonce, refusal } from './binding.ts';

describe('who may complete a grant', () => {
  const browser = newBrowserNonce();
  const session = { stateNonce: 's1', userId: 7, viaLink: false, browserNonceHash: browser.hash };
  const link = { stateNonce: 's2', userId: null, viaLink: true, browserNonceHash: browser.hash };
  /** The Cookie header a browser sends back for a Set-Cookie, among its other cookies. */
  const cookieOf = (setCookie: string) => `theme=dark; ${setCookie.split(';')[0]}; lang=en`;

  it('lets the starter complete a session grant in their session with their browser nonce, and nobody else', () => {
    expect(refusal(session, { userId: 7, browserNonce: browser.nonce })).toBeNull();
    expect(refusal(session, { userId: 8, browserNonce: browser.nonce })).toBe(GRANT_OTHER_USER);
    expect(refusal(session, { userId: null, browserNonce: browser.nonce })).toBe(GRANT_OTHER_USER);
    expect(refusal(session, { userId: 7 })).toBe(GRANT_OTHER_BROWSER);
    expect(refusal(session, { userId: 7, browserNonce: newBrowserNonce().nonce })).toBe(GRANT_OTHER_BROWSER);
    // A link's cookie does not stand in for the session's nonce.
    expect(refusal(session, { userId: 7, cookie: cookieOf(linkCookie('s1', browser.nonce, false)) })).toBe(GRANT_OTHER_BROWSER);
  });

  it('refuses a session grant whose starter is gone or whose row has no nonce (started before binding)', () => {
    expect(refusal({ ...session, userId: null }, { userId: null, browserNonce: browser.nonce })).toBe(GRANT_OTHER_USER);
    expect(refusal({ ...session, browserNonceHash: null }, { userId: 7, browserNonce: browser.nonce })).toBe(GRANT_OTHER_BROWSER);
  });

  it("lets a link's grant complete without a session only with the cookie of the browser that opened it", () => {
    const setCookie = linkCookie('s2', browser.nonce, true);
    expect(setCookie).toMatch(/^grant-[0-9a-f]{16}=[\w-]+; Path=\/api\/profile; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/);
    expect(refusal(link, { userId: null, cookie: cookieOf(setCookie) })).toBeNull();
    expect(refusal(link, { userId: null })).toBe(LINK_OTHER_BROWSER);
    // A session, or the nonce in the body, does not stand in for the cookie.
    expect(refusal(link, { userId: 7, browserNonce: browser.nonce })).toBe(LINK_OTHER_BROWSER);
    // Another link's cookie, or this one's name with another value, is not this grant's.
    expect(refusal(link, { userId: null, cookie: cookieOf(linkCookie('s3', browser.nonce, true)) })).toBe(LINK_OTHER_BROWSER);
    expect(refusal(link, { userId: null, cookie: cookieOf(linkCookie('s2', newBrowserNonce().nonce, true)) })).toBe(LINK_OTHER_BROWSER);
  });
});
