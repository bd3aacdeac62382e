// What a return page says when the network sends the browser back with an error instead of a
// code: one fixed sentence per kind of OAuth error code. The `error_description` beside the code
// is never shown: anyone can write a return address, and its text would speak in the product's
// name (docs/access-tokens.md, "The return pages").

/** The person did not allow access: OAuth's own code, and LinkedIn's two cancellations. */
const DENIED = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize']);
/** The network could not answer just now. */
const UNAVAILABLE = new Set(['server_error', 'temporarily_unavailable']);

/** The message for an OAuth `error` code; `network` is the network's name when it is known. */
export function grantErrorMessage(error: string, network?: string): string {
  const on = network ?? 'the network';
  const subject = network ?? 'The network';
  if (DENIED.has(error))
    return `Access was not allowed on ${on}, so no account was linked. To link one, start again from Access Token Management and allow access.`;
  if (UNAVAILABLE.has(error))
    return `${subject} could not complete the authorisation just now, so no account was linked. Please try again in a few minutes from Access Token Management.`;
  return `${subject} did not grant access, so no account was linked. Please start again from Access Token Management.`;
}
