// How the address's query string becomes a route's search object and back. Values stay plain
// strings in both directions (datefrom=2026-01-01&streams=7,8,9): no JSON quoting, and a token of
// digits such as streams=7 stays the string '7' (the router's default decoder would turn it into
// the number 7, which the string schemas then refuse). Each route's schema coerces what it needs.
import { stringifySearchWith } from '@tanstack/react-router';

/** '?a=1&b=x' → { a: '1', b: 'x' }; a repeated key keeps its last value. */
export function parseSearch(searchStr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)) out[key] = value;
  return out;
}

/** { streams: '7,8' } → '?streams=7,8' (commas left readable); objects, if any, as JSON. */
export const stringifySearch = (search: Record<string, unknown>): string => stringifySearchWith(JSON.stringify)(search).replace(/%2C/gi, ',');
