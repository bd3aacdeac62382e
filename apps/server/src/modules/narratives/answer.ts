// Narrative Analysis's answer: the query's posts among those read (the query in the rule syntax,
// matched as the clip tray's rules are), grouped into storylines by the pure library in
// analytics/narratives/, each with its figures (docs/narratives.md).
import { BRAND_ASSOCIATION, FAVOURABILITY, type Narrative, type NarrativesAnswer } from '@listening/contract';
import { badRequest } from '../../errors.ts';
import { toWall, wallDay, type Scope } from '../../analytics/scope.ts';
import { groupNarratives, trendState, type Group } from '../../analytics/narratives/group.ts';
import { compileRules } from '../../ingest/matcher/compile.ts';
import { analyse } from '../../nlp/text.ts';
import * as q from './queries.ts';

const DAY = 86_400_000;

/** The query's matcher, or null for an empty query; 400 in the product's words when it does not parse. */
export function queryMatcher(query: string) {
  if (!query) return null;
  const matcher = compileRules([{ id: 1, expression: query, kind: 'phrase' }]);
  if (matcher.errors.length) throw badRequest(`The query does not read as a rule: ${matcher.errors[0].message}`);
  return matcher;
}

/** The posts the query keeps; 400 in the product's words when it does not parse. */
export function matchQuery(rows: q.NarrativeRow[], query: string): q.NarrativeRow[] {
  const matcher = queryMatcher(query);
  if (!matcher) return rows;
  return rows.filter(
    (r) => matcher.match({ tokens: analyse(r.body).tokens, streamId: r.stream_id, authorHandle: r.author_handle, authorExternalId: null }).length > 0,
  );
}

/** The storylines among the query's posts of the scope, read: grouped and described. */
export function answerFor(read: q.NarrativeRow[], query: string, s: Scope, grouping: Parameters<typeof groupNarratives>[1] = {}): NarrativesAnswer {
  const rows = matchQuery(read, query);
  const posts = rows.map((r) => ({
    id: Number(r.id),
    text: r.body,
    author: r.author_id === null ? `name:${r.author_name ?? ''}` : String(r.author_id),
    postedAt: new Date(r.posted_at),
  }));
  const groups = groupNarratives(posts, grouping);
  return { Posts: rows.length, Sampled: false, Narratives: groups.map((g) => describe(g, rows, s)) };
}

/** The range's wall days in the client's zone, first to last. */
function rangeDays(s: Scope): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(s.startWall.getUTCFullYear(), s.startWall.getUTCMonth(), s.startWall.getUTCDate()); t <= s.endWall.getTime(); t += DAY)
    days.push(wallDay(new Date(t)));
  return days;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function describe(g: Group, rows: q.NarrativeRow[], s: Scope): Narrative {
  const mine = g.posts.map((i) => rows[i]);
  const days = rangeDays(s);
  const perDay = new Map(days.map((d) => [d, 0]));
  const authors = new Map<string, number>();
  let reach = 0;
  let ave = 0;
  const sentiment = { Positive: 0, Neutral: 0, Negative: 0 };
  const association = { Owned: 0, Earned: 0, Chatter: 0 };
  let first = Infinity;
  for (const r of mine) {
    const at = new Date(r.posted_at);
    first = Math.min(first, at.getTime());
    const day = wallDay(toWall(at, s.timeZone));
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
    const name = r.author_name ?? '';
    if (name) authors.set(name, (authors.get(name) ?? 0) + 1);
    reach += Number(r.followers ?? 0);
    ave += Number(r.ave);
    if (r.favourability_id === FAVOURABILITY.Positive) sentiment.Positive++;
    else if (r.favourability_id === FAVOURABILITY.Negative) sentiment.Negative++;
    else sentiment.Neutral++;
    if (r.brand_association_id === BRAND_ASSOCIATION.Owned) association.Owned++;
    else if (r.brand_association_id === BRAND_ASSOCIATION.Earned) association.Earned++;
    else association.Chatter++;
  }
  const trend = [...perDay].map(([Day, Posts]) => ({ Day, Posts }));
  const seen = new Set<string>();
  const representative: Narrative['Representative'] = [];
  for (const r of mine) {
    if (representative.length === 3) break;
    if (seen.has(r.body)) continue;
    seen.add(r.body);
    representative.push({ Id: Number(r.id), Body: r.body });
  }
  return {
    Label: g.label.map((l) => ({ Phrase: l.phrase, Weight: l.weight })),
    Posts: mine.length,
    Reach: reach,
    AVE: round2(ave),
    Share: rows.length ? Math.round((mine.length / rows.length) * 1000) / 1000 : 0,
    Sentiment: sentiment,
    Association: association,
    Trend: trend,
    State: trendState(trend.map((t) => t.Posts)),
    FirstSeen: new Date(first).toISOString(),
    TopAuthors: [...authors]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([Name, Posts]) => ({ Name, Posts })),
    Representative: representative,
    Copies: g.copies.map((c) => ({ Body: rows[c.posts[0]].body, Posts: c.posts.length, Accounts: c.accounts, Coordinated: c.coordinated })),
    PostIds: mine.map((r) => Number(r.id)),
  };
}
