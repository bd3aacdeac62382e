// Parser of a rule's boolean keyword expression: words, "quoted phrases", AND, OR, NOT and
// parentheses; commas mean OR (how people paste keyword lists) and adjacent terms mean AND (how
// search boxes read them). Operators are upper case so that "and" stays a searchable word.
import { tokenize } from '../../nlp/text.ts';

export type Expr = { t: 'lit'; words: string[] } | { t: 'and'; xs: Expr[] } | { t: 'or'; xs: Expr[] } | { t: 'not'; x: Expr };

type Lex = { k: 'word' | 'phrase'; v: string } | { k: 'and' | 'or' | 'not' | '(' | ')' };

export class ExpressionError extends Error {}

function lex(src: string): Lex[] {
  const out: Lex[] = [];
  const re = /\s*(?:"([^"]*)"?|(\()|(\))|(,)|([^\s(),"]+))/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < src.length && (m = re.exec(src))) {
    if (m[1] !== undefined) out.push({ k: 'phrase', v: m[1] });
    else if (m[2]) out.push({ k: '(' });
    else if (m[3]) out.push({ k: ')' });
    else if (m[4]) out.push({ k: 'or' });
    else if (m[5] === 'AND' || m[5] === '&&') out.push({ k: 'and' });
    else if (m[5] === 'OR' || m[5] === '||') out.push({ k: 'or' });
    else if (m[5] === 'NOT') out.push({ k: 'not' });
    else if (m[5]) out.push({ k: 'word', v: m[5] });
    if (m[0] === '') break;
  }
  return out;
}

/** Turns one word or quoted phrase into an expression (a literal, or an OR for profile rules). */
export type LiteralMapper = (text: string, quoted: boolean) => Expr | null;

/** Words folded as posts are; `prefix` ('#' or '@') goes before bare words of hashtag and handle rules. */
export function wordLiterals(prefix = ''): LiteralMapper {
  return (text, quoted) => {
    // A bare word that is several tokens ("pick-n-pay") becomes a phrase; one of none, nothing.
    const words = tokenize(quoted || !prefix || /^[#@]/.test(text) ? text : prefix + text);
    return words.length ? { t: 'lit', words } : null;
  };
}

export function parseExpression(src: string, literal: LiteralMapper = wordLiterals()): Expr {
  const toks = lex(src);
  let i = 0;
  const peek = () => toks[i];
  function primary(): Expr | null {
    const tk = toks[i++];
    if (!tk) throw new ExpressionError('expression ends too early');
    if (tk.k === '(') {
      const e = or();
      if (peek()?.k !== ')') throw new ExpressionError('missing )');
      i++;
      return e;
    }
    if (tk.k === 'word' || tk.k === 'phrase') return literal(tk.v, tk.k === 'phrase');
    throw new ExpressionError(`unexpected ${tk.k.toUpperCase()}`);
  }
  function not(): Expr | null {
    if (peek()?.k === 'not') {
      i++;
      const x = not();
      return x ? { t: 'not', x } : null;
    }
    return primary();
  }
  function and(): Expr | null {
    const xs: Expr[] = [];
    for (;;) {
      const x = not();
      if (x) xs.push(x);
      const n = peek();
      if (n?.k === 'and') i++;
      else if (!n || n.k === 'or' || n.k === ')') break;
    }
    return xs.length === 0 ? null : xs.length === 1 ? xs[0] : { t: 'and', xs };
  }
  function or(): Expr | null {
    const xs: Expr[] = [];
    for (;;) {
      const x = and();
      if (x) xs.push(x);
      if (peek()?.k !== 'or') break;
      i++;
    }
    return xs.length === 0 ? null : xs.length === 1 ? xs[0] : { t: 'or', xs };
  }
  if (toks.length === 0) throw new ExpressionError('empty expression');
  const e = or();
  if (i < toks.length) throw new ExpressionError(`unexpected ${toks[i].k}`);
  if (!e) throw new ExpressionError('expression has no searchable word');
  return e;
}

/** Word-bin keywords (operator 1 AND, 2 OR, 3 NOT) as one expression: all ANDs, any OR, no NOT. */
export function keywordsToExpression(keywords: { keyword: string; operator: number }[]): string {
  const q = (k: string) => `"${k.replace(/"/g, ' ').trim()}"`;
  const kept = keywords.filter((k) => k.keyword.trim() !== ''); // an empty keyword is ignored
  const ands = kept.filter((k) => k.operator === 1).map((k) => q(k.keyword));
  const ors = kept.filter((k) => k.operator === 2).map((k) => q(k.keyword));
  const nots = kept.filter((k) => k.operator === 3).map((k) => q(k.keyword));
  const parts = [...ands];
  if (ors.length) parts.push(`(${ors.join(' OR ')})`);
  if (nots.length) parts.push(`NOT (${nots.join(' OR ')})`);
  return parts.join(' AND ');
}

/** One set of literals that satisfies the expression (NOT branches left out), for generating posts that match. */
export function satisfyingLiterals(e: Expr, pick: (n: number) => number): string[][] {
  switch (e.t) {
    case 'lit':
      return [e.words];
    case 'not':
      return [];
    case 'and':
      return e.xs.flatMap((x) => satisfyingLiterals(x, pick));
    case 'or':
      return satisfyingLiterals(e.xs[pick(e.xs.length)], pick);
  }
}
