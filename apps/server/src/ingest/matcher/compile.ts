// The multi-pattern matcher: every rule's literals (words, phrases, #tags, @handles, urls,
// authors) go into one hash index keyed by their rarest word, so a post is scanned once, one
// lookup per token, whatever the number of rules. Only rules with a literal present in the post
// are evaluated. Compile once per rule-set change; match() allocates little and clears nothing.
import { fold, urlKey } from '../../nlp/text.ts';
import { ExpressionError, parseExpression, wordLiterals, type Expr, type LiteralMapper } from './expression.ts';

export type RuleKind = 'handle' | 'hashtag' | 'phrase' | 'profile' | 'url' | 'topic';

export interface RuleSpec {
  id: number;
  expression: string;
  kind?: RuleKind | string;
  /** Only posts of this stream match (null: any stream). */
  streamId?: number | null;
}

export interface MatchInput {
  /** Folded tokens from nlp/text.ts analyse(). */
  tokens: string[];
  streamId?: number;
  urls?: string[];
  authorExternalId?: string | null;
  authorHandle?: string | null;
  replyToHandle?: string | null;
}

export interface Matcher {
  /** Ids of the rules the post satisfies. */
  match(input: MatchInput): number[];
  readonly ruleCount: number;
  /** Rules whose expression did not parse; they never match. */
  readonly errors: { id: number; message: string }[];
}

// Keys that no word token can equal: posts' authors, reply targets and urls.
export const AUTHOR = '\u0001a:';
export const REPLY = '\u0001r:';
export const URL = '\u0001u:';

const bareHandle = (v: string) => fold(v.replace(/^@/, ''));

export function mapperFor(kind: string | undefined): LiteralMapper {
  if (kind === 'hashtag') return wordLiterals('#');
  if (kind === 'handle') return wordLiterals('@');
  if (kind === 'url') return (text) => ({ t: 'lit', words: [URL + urlKey(text)] });
  // A profile rule names an account (handle or network id): its posts, replies to it, mentions of it.
  if (kind === 'profile')
    return (text) => {
      const h = bareHandle(text);
      return {
        t: 'or',
        xs: [
          { t: 'lit', words: [AUTHOR + h] },
          { t: 'lit', words: [REPLY + h] },
          { t: 'lit', words: ['@' + h] },
        ],
      };
    };
  return wordLiterals();
}

interface Lit {
  /** All words of the literal, and which one the index is keyed by. */
  words: string[];
  anchor: number;
  id: number;
}
type Eval = (hit: Uint32Array, stamp: number) => boolean;

function toEval(e: Expr, litId: (words: string[]) => number): Eval {
  switch (e.t) {
    case 'lit': {
      const id = litId(e.words);
      return (hit, stamp) => hit[id] === stamp;
    }
    case 'not': {
      const x = toEval(e.x, litId);
      return (hit, stamp) => !x(hit, stamp);
    }
    case 'and': {
      const xs = e.xs.map((x) => toEval(x, litId));
      return (hit, stamp) => xs.every((x) => x(hit, stamp));
    }
    case 'or': {
      const xs = e.xs.map((x) => toEval(x, litId));
      return (hit, stamp) => xs.some((x) => x(hit, stamp));
    }
  }
}

export function compileRules(rules: RuleSpec[]): Matcher {
  const index = new Map<string, Lit[]>();
  const litKeys = new Map<string, number>();
  const litWords: string[][] = [];
  const litRules: number[][] = [];
  const evals: Eval[] = [];
  const exprs: Expr[] = [];
  const ruleCount: number[] = []; // rules using each literal
  const ids: number[] = [];
  const streams: (number | null)[] = [];
  const always: number[] = []; // rules true on a post with no literal ("NOT spam")
  const errors: { id: number; message: string }[] = [];

  for (const rule of rules) {
    let expr: Expr;
    try {
      expr = parseExpression(rule.expression, mapperFor(rule.kind));
    } catch (err) {
      errors.push({ id: rule.id, message: err instanceof ExpressionError ? err.message : String(err) });
      continue;
    }
    const mine = new Set<number>();
    const litId = (words: string[]) => {
      const key = words.join(' ');
      let id = litKeys.get(key);
      if (id === undefined) {
        id = litRules.length;
        litKeys.set(key, id);
        litRules.push([]);
        litWords.push(words);
      }
      if (!mine.has(id)) ruleCount[id] = (ruleCount[id] ?? 0) + 1;
      mine.add(id);
      return id;
    };
    evals.push(toEval(expr, litId));
    exprs.push(expr);
    ids.push(rule.id);
    streams.push(rule.streamId ?? null);
  }
  // A rule becomes a candidate only through its trigger literals: one of them must be in a post
  // for the rule to hold. For AND the rarest branch suffices, so "campaign 5 AND (launch OR
  // deal)" is not evaluated for every post that says "launch".
  const triggers = (e: Expr): { lits: number[]; cost: number } | null => {
    switch (e.t) {
      case 'lit': {
        const id = litKeys.get(e.words.join(' '))!;
        return { lits: [id], cost: ruleCount[id] };
      }
      case 'not':
        return null;
      case 'or': {
        const parts = e.xs.map(triggers);
        if (parts.some((x) => x === null)) return null;
        return { lits: parts.flatMap((x) => x!.lits), cost: parts.reduce((c, x) => c + x!.cost, 0) };
      }
      case 'and': {
        let best: { lits: number[]; cost: number } | null = null;
        for (const x of e.xs.map(triggers)) if (x && (!best || x.cost < best.cost)) best = x;
        return best;
      }
    }
  };
  exprs.forEach((e, r) => {
    const t = triggers(e);
    if (!t)
      always.push(r); // "NOT spam": true on a post with none of its words
    else for (const id of new Set(t.lits)) litRules[id].push(r);
  });

  // Each literal is keyed by its rarest word across all literals, so a common first word
  // ("campaign 1", "campaign 2", ...) does not make one long list that every post walks.
  const freq = new Map<string, number>();
  for (const words of litWords) for (const w of new Set(words)) freq.set(w, (freq.get(w) ?? 0) + 1);
  litWords.forEach((words, id) => {
    let anchor = 0;
    for (let k = 1; k < words.length; k++) if (freq.get(words[k])! < freq.get(words[anchor])!) anchor = k;
    const list = index.get(words[anchor]) ?? [];
    list.push({ words, anchor, id });
    index.set(words[anchor], list);
  });

  // A bit per (first two letters, last two, length) of every index key: most of a post's words
  // are in no rule, and this small table (L1-resident) turns them away without touching the
  // index, whose size grows with the rules and spills out of the CPU caches.
  const filter = new Uint32Array(FILTER_BITS >>> 5);
  // The longest url key any rule names: a post's url prefixes longer than it cannot match.
  let maxUrlKey = 0;
  for (const key of index.keys()) {
    const b = keyBits(key, 0);
    filter[b >>> 5] |= 1 << (b & 31);
    if (key.startsWith(URL)) maxUrlKey = Math.max(maxUrlKey, key.length - URL.length);
  }

  let hit = new Uint32Array(litRules.length);
  const ruleStamp = new Uint32Array(evals.length);
  let stamp = 0;
  const candidates: number[] = [];

  // "#tag" and "@handle" in a post also stand for the bare word.
  const same = (t: string, w: string) => t === w || ((t.charCodeAt(0) === 35 || t.charCodeAt(0) === 64) && t.length === w.length + 1 && t.endsWith(w));

  function mark(key: string, tokens: string[], i: number) {
    const list = index.get(key);
    if (!list) return;
    for (const lit of list) {
      if (hit[lit.id] === stamp) continue;
      const { words, anchor } = lit;
      if (words.length > 1) {
        const start = i - anchor;
        if (start < 0 || start + words.length > tokens.length) continue;
        let k = 0;
        while (k < words.length && (k === anchor || same(tokens[start + k], words[k]))) k++;
        if (k < words.length) continue;
      }
      hit[lit.id] = stamp;
      for (const r of litRules[lit.id])
        if (ruleStamp[r] !== stamp) {
          ruleStamp[r] = stamp;
          candidates.push(r);
        }
    }
  }

  function match(input: MatchInput): number[] {
    if (++stamp === 0xffffffff) {
      hit = new Uint32Array(litRules.length);
      ruleStamp.fill(0);
      stamp = 1;
    }
    candidates.length = 0;
    const { tokens } = input;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      let b = keyBits(t, 0);
      if (filter[b >>> 5] & (1 << (b & 31))) mark(t, tokens, i);
      const c = t.charCodeAt(0);
      if ((c === 35 || c === 64) && t.length > 1) {
        b = keyBits(t, 1);
        if (filter[b >>> 5] & (1 << (b & 31))) mark(t.slice(1), tokens, i);
      }
    }
    if (input.authorExternalId) mark(AUTHOR + fold(input.authorExternalId), [], 0);
    if (input.authorHandle) mark(AUTHOR + bareHandle(input.authorHandle), [], 0);
    if (input.replyToHandle) mark(REPLY + bareHandle(input.replyToHandle), [], 0);
    if (input.urls && maxUrlKey > 0) for (const u of input.urls) for (const k of urlPrefixes(u, maxUrlKey)) mark(URL + k, [], 0);
    for (const r of always)
      if (ruleStamp[r] !== stamp) {
        ruleStamp[r] = stamp;
        candidates.push(r);
      }
    const out: number[] = [];
    for (const r of candidates) {
      const s = streams[r];
      if ((s === null || input.streamId === undefined || s === input.streamId) && evals[r](hit, stamp)) out.push(ids[r]);
    }
    return out;
  }

  return { match, ruleCount: evals.length, errors };
}

const FILTER_BITS = 1 << 18;

/** The filter's bit for key.slice(from), without slicing: a hash of its first two and last two characters and its length. */
function keyBits(key: string, from: number): number {
  const n = key.length - from;
  let h = Math.imul(n, 0x9e3779b1) ^ key.charCodeAt(from);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) ^ key.charCodeAt(from + (n > 1 ? 1 : 0));
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ key.charCodeAt(key.length - 1);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f) ^ key.charCodeAt(n > 2 ? key.length - 2 : from);
  h = Math.imul(h ^ (h >>> 15), 0x165667b1);
  return (h ^ (h >>> 16)) & (FILTER_BITS - 1);
}

/**
 * "shop.acme.co.za/deals/1" → its host, parent domains and path prefixes, so a rule on any of
 * them matches. Only keys no longer than the longest url rule (`maxLen`) can match, so no others
 * are made: a crafted url with 50,000 slashes or dots would otherwise make 50,000 prefixes of up
 * to 50,000 characters each (quadratic time and memory).
 */
export function urlPrefixes(url: string, maxLen: number): string[] {
  const out: string[] = [];
  if (maxLen <= 0) return out;
  const key = urlKey(url);
  const slash = key.indexOf('/');
  const host = slash < 0 ? key : key.slice(0, slash);
  if (host.length <= maxLen) out.push(host);
  // Parent domains of at least two labels ("co.za" of "shop.acme.co.za", never "za"), read from the right.
  let dots = 0;
  for (let i = host.length - 1; i > 0 && host.length - i - 1 <= maxLen; i--) if (host.charCodeAt(i) === 46 && ++dots >= 2) out.push(host.slice(i + 1));
  if (slash >= 0) {
    let end = slash;
    while ((end = key.indexOf('/', end + 1)) > 0 && end <= maxLen) out.push(key.slice(0, end));
    if (key.length <= maxLen) out.push(key);
  }
  return out;
}
