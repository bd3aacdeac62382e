// The words a word cloud counts: folded words of three letters or more, stop words of the
// languages we see (stopwords-iso) and social filler out, hashtags and handles counted apart.
import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { fold } from './text.ts';

const LANGS = ['en', 'af', 'zu', 'st', 'fr', 'pt', 'es', 'de', 'nl'] as const;
const SOCIAL = [
  'rt',
  'amp',
  'via',
  'lol',
  'lmao',
  'omg',
  'pls',
  'plz',
  'dm',
  'im',
  "i'm",
  'u',
  'ur',
  'gonna',
  'wanna',
  'yeah',
  'ok',
  'okay',
  'tbh',
  'smh',
  'just',
  'like',
  'get',
  'got',
  'one',
  'today',
  'now',
  'still',
  'really',
  'also',
  'even',
  'know',
];

const STOP = new Set<string>(SOCIAL);
for (const l of LANGS) for (const w of (stopwordsIso as Record<string, string[]>)[l] ?? []) STOP.add(fold(w));

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

/** Unique terms of a post, in order of first use. */
export function extractTerms(tokens: string[]): string[] {
  const seen = new Set<string>();
  for (const t of tokens) {
    const c = t.charCodeAt(0);
    if (c === 35 || c === 64 || t.length < 3 || STOP.has(t)) continue;
    // Numbers, prices and times ("2024", "r99", "16h00") are not words a cloud shows.
    if (/\d/.test(t)) continue;
    seen.add(t);
  }
  return [...seen];
}
