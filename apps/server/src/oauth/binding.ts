// Who may complete a grant, besides whoever holds its state (docs/access-tokens.md, "Grant
// binding"). A state travels through the network's pages and can be passed on with them, so it
// proves nothing about who comes back:
// - a grant started in a session completes only in that user's session, from the browser that
//   started it: the start answers a random nonce, which the web app keeps (local storage) and
//   sends with the completion;
// - a grant started from an admin's link completes, without a session, only in the browser that
//   opened the link: opening it sets an HttpOnly cookie holding the nonce, which that browser
//   sends back to the return calls only (Path=/api/profile).
// The grant's row holds only the nonce's SHA-256.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { STATE_TTL_MS } from './state.ts';

export const GRANT_OTHER_USER =
  'This authorisation was started by another user, or you are not signed in. Only the user who started it can finish it, signed in, in the same browser. Nothing was linked: please start linking the account again from Access Token Management.';
export const GRANT_OTHER_BROWSER =
  'This authorisation was started in another browser or window that is no longer known here. Nothing was linked: please start linking the account again from Access Token Management, in this browser.';
export const LINK_OTHER_BROWSER =
  'This authorisation was started from a link opened in another browser. Nothing was linked: open the link again and allow access in the browser it opens.';

/** What a grant is bound to, as its row records it. */
export interface GrantBound {
  /** The state's own nonce (names the link's cookie). */
  stateNonce: string;
  userId: number | null;
  viaLink: boolean;
  browserNonceHash: string | null;
}

/** Who comes back: the session's user, the nonce the page sent, and the request's Cookie header. */
export interface GrantCaller {
  userId: number | null;
  browserNonce?: string;
  cookie?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** A fresh nonce for the starting browser, and the hash to store with the grant. */
export function newBrowserNonce(): { nonce: string; hash: string } {
  const nonce = randomBytes(32).toString('base64url');
  return { nonce, hash: sha256(nonce).toString('hex') };
}

function matches(hash: string | null, nonce: string | undefined): boolean {
  if (!hash || !nonce) return false;
  const stored = Buffer.from(hash, 'hex');
  const given = sha256(nonce);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** One cookie per grant, so two links opened in one browser do not replace each other's. */
const linkCookieName = (stateNonce: string) => `grant-${sha256(stateNonce).toString('hex').slice(0, 16)}`;

/** The Set-Cookie of a link's grant: for the return calls only, as long as the state lives. */
export function linkCookie(stateNonce: string, browserNonce: string, secure: boolean): string {
  const attributes = `Path=/api/profile; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${linkCookieName(stateNonce)}=${browserNonce}; ${attributes}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Why this caller may not complete this grant (the message to answer with 403), or null when they may. */
export function refusal(g: GrantBound, c: GrantCaller): string | null {
  if (g.viaLink) return matches(g.browserNonceHash, cookieValue(c.cookie, linkCookieName(g.stateNonce))) ? null : LINK_OTHER_BROWSER;
  if (g.userId === null || c.userId !== g.userId) return GRANT_OTHER_USER;
  return matches(g.browserNonceHash, c.browserNonce) ? null : GRANT_OTHER_BROWSER;
}
