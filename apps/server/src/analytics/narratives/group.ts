// Narratives: the storylines among a query's posts. Copies and near-duplicates are collapsed
// first (a count, and a coordination flag when many accounts post one text within a short
// window), the distinct texts are grouped by spherical k-means on word and word-pair TF-IDF, and
// each group is labelled by the terms that set it apart from the rest (docs/narratives.md).
// Pure: posts in, groups out.
import { contentWords, copyKey, terms, tfidf } from './features.ts';
import { kmeans, mergeAlike } from './cluster.ts';
import { nearDuplicateLeaders } from './near-duplicates.ts';

export interface NarrativePost {
  id: number;
  text: string;
  /** The account, for counting distinct accounts (author id or name). */
  author: string;
  postedAt: Date;
}

/** Accounts and window that make a copied text "coordinated". */
export const COORDINATED_ACCOUNTS = 5;
export const COORDINATED_WINDOW_MS = 60 * 60 * 1000;
/** A group smaller than this is not a storyline. */
export const MIN_NARRATIVE_POSTS = 3;

export interface CopyGroup {
  /** Posts of this text, in posting order. */
  posts: number[];
  accounts: number;
  coordinated: boolean;
}

export interface LabelPhrase {
  phrase: string;
  weight: number;
}

export interface Group {
  label: LabelPhrase[];
  /** Indices into the input posts, most representative first. */
  posts: number[];
  copies: CopyGroup[];
}

/** Most distinct accounts seen posting the same text within any window of the given length. */
function maxAccountsInWindow(posts: NarrativePost[], ids: number[], windowMs: number): number {
  let best = 0;
  let lo = 0;
  const inWindow = new Map<string, number>();
  for (let hi = 0; hi < ids.length; hi++) {
    const a = posts[ids[hi]].author;
    inWindow.set(a, (inWindow.get(a) ?? 0) + 1);
    while (posts[ids[hi]].postedAt.getTime() - posts[ids[lo]].postedAt.getTime() > windowMs) {
      const b = posts[ids[lo++]].author;
      const n = inWindow.get(b)! - 1;
      if (n) inWindow.set(b, n);
      else inWindow.delete(b);
    }
    best = Math.max(best, inWindow.size);
  }
  return best;
}

/**
 * How many groups k-means makes before the alike are joined: five times the square root of the
 * distinct items, at most 80 (chosen on the tuning part of the measurement corpus and the demo's
 * storylines, docs/narratives.md).
 */
export const clusterCount = (distinct: number): number => Math.max(1, Math.min(80, Math.round(5 * Math.sqrt(distinct))));
/** Centres at least this alike (cosine) are one narrative. */
export const MERGE_COSINE = 0.3;

export interface GroupOptions {
  /** How many narratives to look for; by default clusterCount of the distinct items. */
  k?: number;
  /** Told now and then as the work goes on: `done` of `total` units (a share to show; total is fixed). */
  onProgress?: (done: number, total: number) => void;
}

/** Progress units: reading the posts is most of the work, then collapsing, weighing, grouping. */
const PROGRESS_TOTAL = 100;
const READ_SHARE = 60;
const PROGRESS_EVERY = 5000;

/** Posts by item: exact copies first (same content words in order), then near-duplicates joined to their leader. */
function collapse(posts: NarrativePost[], tell: (done: number) => void): { items: CopyGroup[]; words: string[][] } {
  const byKey = new Map<string, number>();
  const words: string[][] = [];
  const ids: number[][] = [];
  for (let i = 0; i < posts.length; i++) {
    if (i % PROGRESS_EVERY === 0 && i > 0) tell((READ_SHARE * i) / posts.length);
    const w = contentWords(posts[i].text);
    const key = copyKey(w);
    if (!key) continue;
    let at = byKey.get(key);
    if (at === undefined) {
      byKey.set(key, (at = words.length));
      words.push(w);
      ids.push([]);
    }
    ids[at].push(i);
  }
  tell(READ_SHARE);
  const leader = nearDuplicateLeaders(
    words,
    ids.map((x) => x.length),
  );
  const merged = new Map<number, number[]>();
  for (let i = 0; i < ids.length; i++) {
    const l = leader[i];
    const into = merged.get(l);
    if (!into) merged.set(l, ids[i]);
    else for (const id of ids[i]) into.push(id);
  }
  const items: CopyGroup[] = [];
  const itemWords: string[][] = [];
  for (const [l, group] of merged) {
    group.sort((a, b) => posts[a].postedAt.getTime() - posts[b].postedAt.getTime() || a - b);
    const accounts = new Set(group.map((i) => posts[i].author)).size;
    const coordinated = accounts >= COORDINATED_ACCOUNTS && maxAccountsInWindow(posts, group, COORDINATED_WINDOW_MS) >= COORDINATED_ACCOUNTS;
    items.push({ posts: group, accounts, coordinated });
    itemWords.push(words[l]);
  }
  return { items, words: itemWords };
}

export function groupNarratives(posts: NarrativePost[], { k, onProgress }: GroupOptions = {}): Group[] {
  const tell = (done: number) => onProgress?.(Math.floor(done), PROGRESS_TOTAL);
  // 1. Collapse copies and near-duplicates.
  const { items, words } = collapse(posts, tell);
  tell(READ_SHARE + 10);
  if (items.length === 0) {
    tell(PROGRESS_TOTAL);
    return [];
  }
  // 2. Weigh terms and group the distinct texts.
  const docs = words.map(terms);
  const weights = items.map((it) => it.posts.length);
  const { vocabulary, vectors } = tfidf(docs, weights);
  tell(READ_SHARE + 20);
  const { assignment, similarity, centroids } = kmeans(vectors, weights, vocabulary.length, k ?? clusterCount(items.length));
  tell(READ_SHARE + 30);
  // With k chosen here, many groups are made and the alike joined again (see mergeAlike).
  const mass = new Float64Array(centroids.length);
  assignment.forEach((c, i) => c >= 0 && (mass[c] += weights[i]));
  const joined = k ? Int32Array.from(centroids, (_, i) => i) : mergeAlike(centroids, mass, MERGE_COSINE);
  tell(READ_SHARE + 35);
  // 3. Describe each group.
  const members: number[][] = Array.from({ length: Math.max(0, ...joined) + 1 }, () => []);
  assignment.forEach((c, i) => c >= 0 && members[joined[c]].push(i));
  const totalPosts = weights.reduce((a, b) => a + b, 0);
  const termPosts = new Map<string, number>();
  docs.forEach((d, i) => d.forEach((t) => termPosts.set(t, (termPosts.get(t) ?? 0) + weights[i])));
  const groups: Group[] = [];
  for (const m of members) {
    const size = m.reduce((a, i) => a + weights[i], 0);
    if (size < MIN_NARRATIVE_POSTS) continue;
    m.sort((a, b) => similarity[b] - similarity[a] || weights[b] - weights[a]);
    groups.push({
      label: label(
        m.map((i) => docs[i]),
        m.map((i) => weights[i]),
        termPosts,
        totalPosts,
      ),
      posts: m.flatMap((i) => items[i].posts),
      copies: m.map((i) => items[i]).filter((it) => it.posts.length > 1),
    });
  }
  tell(PROGRESS_TOTAL);
  return groups.sort((a, b) => b.posts.length - a.posts.length);
}

/**
 * Two to four phrases that set a group apart: a term's weight is its share of the group's posts
 * less its share of the other posts (so a word every group uses scores nothing). A pair is
 * preferred to its own words, which then are not repeated.
 */
export function label(docs: string[][], weights: number[], termPosts: Map<string, number>, totalPosts: number): LabelPhrase[] {
  const size = weights.reduce((a, b) => a + b, 0);
  const rest = Math.max(1, totalPosts - size);
  const inGroup = new Map<string, number>();
  docs.forEach((d, i) => d.forEach((t) => inGroup.set(t, (inGroup.get(t) ?? 0) + weights[i])));
  const scored = [...inGroup]
    .filter(([, n]) => n >= 2 || size < 2)
    .map(([t, n]) => {
      const score = n / size - (termPosts.get(t)! - n) / rest;
      return { phrase: t, weight: t.includes(' ') ? score * 1.2 : score };
    })
    .filter((s) => s.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.phrase.localeCompare(b.phrase));
  const chosen: LabelPhrase[] = [];
  const covered = new Set<string>();
  for (const s of scored) {
    if (chosen.length === 4) break;
    const parts = s.phrase.split(' ');
    if (parts.every((p) => covered.has(p))) continue;
    if (parts.length === 1 && chosen.some((c) => c.phrase.split(' ').includes(s.phrase))) continue;
    chosen.push({ phrase: s.phrase, weight: Math.round(s.weight * 1000) / 1000 });
    parts.forEach((p) => covered.add(p));
  }
  return chosen;
}

export type TrendState = 'emerging' | 'growing' | 'steady' | 'fading';

/**
 * A narrative's state from its daily posts: emerging when it first appears in the latest quarter
 * of the days, growing or fading when the latest quarter's daily mean is at least half again, or
 * at most two thirds, of the earlier days' mean; steady otherwise.
 */
export function trendState(daily: number[]): TrendState {
  const n = daily.length;
  if (n < 2) return 'steady';
  const recentDays = Math.max(1, Math.floor(n / 4));
  const first = daily.findIndex((d) => d > 0);
  if (first >= n - recentDays) return 'emerging';
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const recent = mean(daily.slice(n - recentDays));
  const earlier = mean(daily.slice(first, n - recentDays));
  if (recent >= earlier * 1.5) return 'growing';
  if (recent <= (earlier * 2) / 3) return 'fading';
  return 'steady';
}
