// Named entities (people, organisations, places) from a gazetteer plus two capitalisation rules.
// wink-eng-lite-web-model tags no persons or places, and statistical NER is far slower than the
// tens of thousands of posts per second enrichment must sustain; a token-indexed gazetteer is
// one hash lookup per token.
import { FIRST_NAMES, ORGANISATIONS, ORG_SUFFIXES, PEOPLE, PLACES } from './gazetteer.ts';
import { fold, type Analysed } from './text.ts';

export interface Entities {
  people: string[];
  organisations: string[];
  places: string[];
}
type Kind = keyof Entities;

interface Entry {
  words: string[];
  name: string;
  kind: Kind;
  /** A common word too ("Orange", "Game"): only counts capitalised and not first in the post. */
  ambiguous: boolean;
}

const COMMON = new Set([
  'game',
  'rain',
  'bulls',
  'lions',
  'sharks',
  'orange',
  'meta',
  'apple',
  'discovery',
  'momentum',
  'bolt',
  'da',
  'spar',
  'clicks',
  'george',
  'parliament',
  'africa',
  'ey',
  'sab',
  'sars',
  'uk',
  'imf',
  'eff',
]);

const INDEX = new Map<string, Entry[]>();
function add(names: string[], kind: Kind) {
  for (const name of names) {
    const words = fold(name)
      .split(/[^\p{L}\p{N}']+/u)
      .filter(Boolean);
    const list = INDEX.get(words[0]) ?? [];
    list.push({ words, name, kind, ambiguous: words.length === 1 && COMMON.has(words[0]) });
    list.sort((a, b) => b.words.length - a.words.length);
    INDEX.set(words[0], list);
  }
}
add(PEOPLE, 'people');
add(ORGANISATIONS, 'organisations');
add(PLACES, 'places');
const FIRST = new Set(FIRST_NAMES);
const TITLES = new Set(['minister', 'president', 'dr', 'mr', 'mrs', 'ms']);
const ORG_END = new Set(ORG_SUFFIXES);

function capitalised(raw: string | undefined): boolean {
  if (!raw) return false;
  const c = raw.charCodeAt(0);
  if (c >= 65 && c <= 90) return true;
  if (c < 128) return false;
  const ch = raw[0];
  return ch !== ch.toLowerCase();
}

export function extractEntities(a: Analysed): Entities {
  const out: Entities = { people: [], organisations: [], places: [] };
  const { tokens, raw } = a;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const c = t.charCodeAt(0);
    if (c === 35 || c === 64) continue;
    const hit = matchAt(tokens, raw, i);
    if (hit) {
      out[hit.kind].push(hit.name);
      i += hit.words.length - 1;
      continue;
    }
    if (!capitalised(raw[i])) continue;
    // "Thabo Nkosi", "Minister Godongwana": a known first name or title before a capitalised word.
    if (FIRST.has(t) && capitalised(raw[i + 1]) && !INDEX.has(tokens[i + 1])) {
      const name = TITLES.has(t) ? raw[i + 1] : `${raw[i]} ${raw[i + 1]}`;
      out.people.push(name);
      i += 1;
      continue;
    }
    // "Acme Holdings", "Ekurhuleni Municipality": capitalised words ending with an organisation word.
    let j = i;
    while (j + 1 < tokens.length && j - i < 3 && capitalised(raw[j + 1])) j++;
    if (j > i && ORG_END.has(tokens[j])) {
      out.organisations.push(raw.slice(i, j + 1).join(' '));
      i = j;
    }
  }
  return { people: dedupe(out.people), organisations: dedupe(out.organisations), places: dedupe(out.places) };
}

function matchAt(tokens: string[], raw: string[], i: number): Entry | null {
  const list = INDEX.get(tokens[i]);
  if (!list) return null;
  outer: for (const e of list) {
    if (i + e.words.length > tokens.length) continue;
    for (let k = 1; k < e.words.length; k++) if (tokens[i + k] !== e.words[k]) continue outer;
    // Names are written capitalised; "rain" and "game" in lower case are words, not brands.
    if (!capitalised(raw[i])) continue;
    if (e.ambiguous && (i === 0 || raw[i] === raw[i].toUpperCase()) && e.words[0].length > 3) continue;
    return e;
  }
  return null;
}

function dedupe(xs: string[]): string[] {
  return xs.length < 2 ? xs : [...new Set(xs)];
}
