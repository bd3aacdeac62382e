// Turns a project's bin rules (boolean keyword expressions: words, "quoted phrases", AND, OR,
// NOT, parentheses) into X API v2 search queries: AND is a space, NOT is a leading minus, and
// the rule's kind decides the operator (@handle, #hashtag, from:profile, url:).

export interface XRule {
  /** handle, hashtag, phrase, profile, url, topic */
  kind: string;
  expression: string;
}

export interface XQueryOptions {
  /** The query length the account's access level allows (512 on the basic levels). */
  maxLength?: number;
  /** Appended to every query, e.g. '-is:retweet lang:en'. */
  suffix?: string;
}

type Token = { t: 'term'; v: string; quoted: boolean } | { t: 'op'; v: 'AND' | 'OR' | 'NOT' } | { t: '(' } | { t: ')' };

export function tokenize(expr: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:"([^"]*)"|(\()|(\))|([^\s()"]+))/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(expr)) && m[0] !== '') {
    if (m[1] !== undefined) {
      if (m[1].trim()) out.push({ t: 'term', v: m[1].trim(), quoted: true });
    } else if (m[2]) out.push({ t: '(' });
    else if (m[3]) out.push({ t: ')' });
    else if (m[4] === 'AND' || m[4] === 'OR' || m[4] === 'NOT') out.push({ t: 'op', v: m[4] });
    else if (m[4]) out.push({ t: 'term', v: m[4], quoted: false });
  }
  return out;
}

function term(kind: string, v: string, quoted: boolean): string {
  const bare = v.replace(/^[@#]/, '');
  switch (kind) {
    case 'handle':
      return `@${bare}`;
    case 'hashtag':
      return `#${bare}`;
    case 'profile':
      return `from:${bare}`;
    case 'url':
      return `url:"${v.replace(/"/g, '')}"`;
    default:
      return quoted ? `"${v}"` : v;
  }
}

/** One rule as an X query fragment; '' when the expression holds no term. */
export function ruleToX(rule: XRule): string {
  const parts: string[] = [];
  let negate = false;
  let depth = 0;
  for (const tok of tokenize(rule.expression)) {
    if (tok.t === 'op') {
      if (tok.v === 'OR') parts.push('OR');
      else if (tok.v === 'NOT') negate = true;
      continue;
    }
    if (tok.t === ')') {
      if (depth > 0) {
        depth--;
        parts.push(')');
      }
      continue;
    }
    const text = tok.t === '(' ? '(' : term(rule.kind, tok.v, tok.quoted);
    if (tok.t === '(') depth++;
    parts.push(negate ? `-${text}` : text);
    negate = false;
  }
  while (depth-- > 0) parts.push(')');
  // A dangling OR at either end is an incomplete expression; drop it rather than fail the search.
  while (parts[0] === 'OR') parts.shift();
  while (parts.at(-1) === 'OR') parts.pop();
  return parts.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')').replace(/\(OR /g, '(').replace(/ OR\)/g, ')');
}

/** The rules ORed together, split into as few queries as fit the length limit. */
export function buildXQueries(rules: readonly XRule[], opts: XQueryOptions = {}): string[] {
  const max = opts.maxLength ?? 512;
  const suffix = opts.suffix ? ` ${opts.suffix}` : '';
  const fragments = rules.map(ruleToX).filter((f) => f !== '');
  const queries: string[] = [];
  let group: string[] = [];
  const render = (g: string[]) => (g.length === 1 ? g[0] : g.map((f) => `(${f})`).join(' OR '));
  // X applies AND before OR, so a suffix needs the ORed part in parentheses.
  const withSuffix = (g: string[]) => (suffix ? `(${render(g)})${suffix}` : render(g));
  for (const f of fragments) {
    const tryGroup = [...group, f];
    if (group.length && withSuffix(tryGroup).length > max) {
      queries.push(withSuffix(group));
      group = [f];
    } else group = tryGroup;
  }
  if (group.length) queries.push(withSuffix(group));
  return queries;
}
