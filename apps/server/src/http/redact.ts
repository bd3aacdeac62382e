// What the request log may not keep: the values of grant codes, states and tokens in an address
// (a network's return address carries a one-time code and the grant's state).
const SECRET_PARAMS = ['code', 'state', 'token', 'access_token', 'oauth_token', 'oauth_verifier'];

/** The request's address with the values of grant codes, states and tokens replaced, for the log. */
export function redactSecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS)
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}
