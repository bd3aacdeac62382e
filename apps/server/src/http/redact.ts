// What the request log may not keep of an address: the values of grant codes, states and tokens
// (a network's return address carries a one-time code and the grant's state), and people's email
// addresses and phone numbers, which some operations take in the query string
// (`POST /crm/api/contact?Email=…&Phone=…`, `forgotpassword?email=…`).
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'oauth_token', 'oauth_verifier']);
/** Names of parameters that carry an email address or a phone number: Email, EmailAddress, Phone, PhoneNumber, mobile, tel… */
const PERSONAL_PARAM = /mail|phone|mobile|msisdn|whatsapp|^(tel|cell|fax|user_?name)$/i;
/** Something that looks like an email address, wherever it is: a value, a part of a value, a path segment. */
const EMAIL_LIKE = /[^\s@/]@[^\s@/]+\.[^\s@/]/;
const REDACTED = '[redacted]';

/** A part of an address as text, or the raw part when it does not decode. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * The request's address for the log: the values of secret and personal parameters, and any value
 * or path segment that looks like an email address, replaced by `[redacted]`; the rest as sent.
 */
export function redactSecrets(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .split('/')
    .map((segment) => (EMAIL_LIKE.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = decoded(pair.slice(0, eq));
      const hidden = SECRET_PARAMS.has(name.toLowerCase()) || PERSONAL_PARAM.test(name) || EMAIL_LIKE.test(decoded(pair.slice(eq + 1)));
      return hidden ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
