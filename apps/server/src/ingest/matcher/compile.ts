// The multi-pattern matcher: every rule's literals (words, phrases, #tags, @handles, urls,
// authors) go into one hash index keyed by their first token, so a post is scanned once, one
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
const AUTHOR = '\u0001a:';
const REPLY = '\u0001r:';
const URL = '\u0001u:';

const bareHandle = (v: string) => fold(v.replace(/^@/, ''));

function mapperFor(kind: string | undefined): LiteralMapper {
  if (kind === 'hashtag') return wordLiterals('#');
  if (kind === 'handle') return wordLiterals('@');
  if (kind === 'url') return (text) => ({ t: 'lit', words: [URL + urlKey(text)] });
  // A profile rule names an account (handle or network id): its posts, replies to it, mentions of it.
  if (kind === 'profile')
    return (text) => {
      const h = bareHandle(text);
      return { t: 'or', xs: [{ t: 'lit', words: [AUTHOR + h] }, { t: 'lit', words: [REPLY + h] }, { t: 'lit', words: ['@' + h] }] };
    };
  return wordLiterals();
}

interface Lit {
  rest: string[];
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
  const litRules: number[][] = [];
  const evals: Eval[] = [];
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
    const r = evals.length;
    const mine = new Set<number>();
    const litId = (words: string[]) => {
      const key = words.join(' ');
      let id = litKeys.get(key);
      if (id === undefined) {
        id = litRules.length;
        litKeys.set(key, id);
        litRules.push([]);
        const list = index.get(words[0]) ?? [];
        list.push({ rest: words.slice(1), id });
        index.set(words[0], list);
      }
      if (!mine.has(id)) litRules[id].push(r);
      mine.add(id);
      return id;
    };
    const ev = toEval(expr, litId);
    evals.push(ev);
    ids.push(rule.id);
    streams.push(rule.streamId ?? null);
    if (ev(new Uint32Array(litRules.length), 1)) always.push(r);
  }

  let hit = new Uint32Array(litRules.length);
  const ruleStamp = new Uint32Array(evals.length);
  let stamp = 0;
  const candidates: number[] = [];

  function mark(key: string, tokens: string[], i: number) {
    const list = index.get(key);
    if (!list) return;
    for (const lit of list) {
      if (hit[lit.id] === stamp) continue;
      const rest = lit.rest;
      if (rest.length) {
        if (i + rest.length >= tokens.length) continue;
        let k = 0;
        for (; k < rest.length; k++) {
          const t = tokens[i + 1 + k];
          const w = rest[k];
          // "#tag" and "@handle" in a post also stand for the bare word.
          if (t !== w && !((t.charCodeAt(0) === 35 || t.charCodeAt(0) === 64) && t.length === w.length + 1 && t.endsWith(w))) break;
        }
        if (k < rest.length) continue;
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
      mark(t, tokens, i);
      const c = t.charCodeAt(0);
      if (c === 35 || c === 64) mark(t.slice(1), tokens, i);
    }
    if (input.authorExternalId) mark(AUTHOR + fold(input.authorExternalId), [], 0);
    if (input.authorHandle) mark(AUTHOR + bareHandle(input.authorHandle), [], 0);
    if (input.replyToHandle) mark(REPLY + bareHandle(input.replyToHandle), [], 0);
    if (input.urls) for (const u of input.urls) for (const k of urlPrefixes(u)) mark(URL + k, [], 0);
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

/** "shop.acme.co.za/deals/1" → its host, parent domains and path prefixes, so a rule on any of them matches. */
function urlPrefixes(url: string): string[] {
  const key = urlKey(url);
  const slash = key.indexOf('/');
  const host = slash < 0 ? key : key.slice(0, slash);
  const out = [host];
  const labels = host.split('.');
  for (let k = 1; k + 2 <= labels.length; k++) out.push(labels.slice(k).join('.'));
  if (slash >= 0) {
    let end = slash;
    while ((end = key.indexOf('/', end + 1)) > 0) out.push(key.slice(0, end));
    out.push(key);
  }
  return out;
}
