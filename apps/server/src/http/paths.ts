// The path prefixes the API answers under, one per host (docs/api.md); every other path belongs to
// the web app. Used by the not-found handler (JSON 404 or the app's index.html) and by the headers
// that keep API answers out of caches. The mentor host's API is /mentor/api/ only: /mentor/document/...
// is a screen of the web app (the tutorial document viewer).
const API_PREFIXES = ['/api/', '/crm/', '/mentor/api/', '/keywords/'];

export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));
