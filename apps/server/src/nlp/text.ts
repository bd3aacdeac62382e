// One pass over a post's text that every later stage shares: folding (case and accents), tokens
// with #hashtags and @handles kept as tokens, urls, emoji and emoticons. Enrichment and the rule
// matcher both read this, so a post is tokenised once.

const NON_ASCII = /[^ -~\t\n\r]/;
const MARKS = /\p{M}+/gu;

/** Lower case without accents: "Café" and "cafe" are one word for rules and the word cloud. */
export function fold(s: string): string {
  const lower = s.toLowerCase();
  // Most posts are ASCII; normalising them would only cost time.
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

// Order matters: urls before words, so a link's path never becomes words.
const TOKEN =
  /(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)|([#@][\p{L}\p{N}_]+)|([\p{L}\p{N}]+(?:['’][\p{L}]+)*)|(\p{Extended_Pictographic}|[:;=]-?[)(DPp]|<3|:'\()/gu;

export interface Analysed {
  /** Folded tokens in order: words, "#tag", "@handle"; urls and emoji excluded. */
  tokens: string[];
  /** Tokens as written (same indices as tokens), for capitalisation-aware named entities. */
  raw: string[];
  urls: string[];
  hashtags: string[];
  handles: string[];
  /** Emoji and ASCII emoticons, in order. */
  emoji: string[];
  exclamations: number;
}

// Trailing punctuation is trimmed by a scan from the end, not by a regex: /[.,…]+$/ restarts at
// every character of a long run that is not at the end, which is quadratic on crafted urls.
const TRAILING_PUNCT = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}', "'", '"']);
function trimTrailingPunct(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING_PUNCT.has(s[end - 1])) end--;
  return end === s.length ? s : s.slice(0, end);
}

export function analyse(text: string): Analysed {
  const tokens: string[] = [];
  const raw: string[] = [];
  const urls: string[] = [];
  const hashtags: string[] = [];
  const handles: string[] = [];
  const emoji: string[] = [];
  let exclamations = 0;
  for (let i = text.indexOf('!'); i >= 0; i = text.indexOf('!', i + 1)) exclamations++;
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(text))) {
    if (m[1]) urls.push(trimTrailingPunct(m[1]));
    else if (m[2]) {
      const t = fold(m[2]);
      tokens.push(t);
      raw.push(m[2]);
      if (t[0] === '#') hashtags.push(t);
      else handles.push(t);
    } else if (m[3]) {
      tokens.push(fold(m[3]).replace('’', "'"));
      raw.push(m[3]);
    } else if (m[4]) emoji.push(m[4]);
  }
  return { tokens, raw, urls, hashtags, handles, emoji, exclamations };
}

/** Tokens of a rule or keyword text, folded the same way as posts so both sides agree. */
export function tokenize(text: string): string[] {
  return analyse(text).tokens;
}

/** A url reduced to host (without www.) and path, folded: what url rules compare. Linear scans only. */
export function urlKey(url: string): string {
  let s = fold(url);
  if (s.startsWith('https://')) s = s.slice(8);
  else if (s.startsWith('http://')) s = s.slice(7);
  if (s.startsWith('www.')) s = s.slice(4);
  let end = s.length;
  const q = s.indexOf('?');
  const h = s.indexOf('#');
  if (q >= 0) end = q;
  if (h >= 0 && h < end) end = h;
  while (end > 0 && s.charCodeAt(end - 1) === 47 /* / */) end--;
  return end === s.length ? s : s.slice(0, end);
}

export function unique<T>(xs: T[]): T[] {
  return xs.length < 2 ? xs : [...new Set(xs)];
}
