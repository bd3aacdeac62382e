// Word bins at ingestion: every active word bin's keywords (AND / OR / NOT) become one expression,
// compiled into the same matcher as the bin rules (rules.ts) under ids of their own, so a post is
// scanned once for both. A keyword match counts only for a post filed under the word bin's own
// project, within its start/stop window, of its sentiment and language (when set). The matches
// are stored as word_bin_clips rows by the store stage, in the batch's own statement.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { ExpressionError, keywordsToExpression, parseExpression } from './matcher/expression.ts';
import type { RuleSpec } from './matcher/compile.ts';

/** Matcher ids of word bins start here: above every bin rule id (32-bit serials), never negative (owned-profile rules). */
export const WORD_BIN_SPEC_BASE = 2 ** 32;
export const isWordBinSpec = (id: number) => id >= WORD_BIN_SPEC_BASE;

export interface WordBinTarget {
  wordBinId: number;
  projectId: number;
  /** 0 any, 1 Neutral, 2 Positive, 3 Negative. */
  sentimentId: number;
  language: string | null;
  start: number;
  stop: number;
}

export interface WordBinKeyword {
  value: string;
  operatorId: number;
}

/** The matcher expression of a word bin's keywords (empty ones ignored). */
export const wordBinExpression = (keywords: WordBinKeyword[]) => keywordsToExpression(keywords.map((k) => ({ keyword: k.value, operator: k.operatorId })));

/** Why these keywords make no query the matcher can run, or null. */
export function wordBinExpressionProblem(keywords: WordBinKeyword[]): string | null {
  const kept = keywords.filter((k) => k.value.trim() !== '');
  if (kept.length === 0) return 'Add at least one keyword';
  const unknown = kept.find((k) => ![1, 2, 3].includes(k.operatorId));
  if (unknown) return `Keyword '${unknown.value}' has an unknown operator ${unknown.operatorId}: use 1 (AND), 2 (OR) or 3 (NOT)`;
  if (kept.every((k) => k.operatorId === 3)) return 'Add at least one AND or OR keyword: NOT keywords only exclude posts';
  try {
    parseExpression(wordBinExpression(kept));
    return null;
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    return `The keywords cannot be read: ${err.message}`;
  }
}

// Favourability of a post (1 Positive, 2 Neutral, 3 Negative) each word-bin sentiment asks for.
const FAVOURABILITY_OF_SENTIMENT: Record<number, number> = { 1: 2, 2: 1, 3: 3 };

/** Active word bins not yet ended, as matcher specs and their targets (keyed by spec id). */
export async function loadWordBins(db: Db, now = new Date()): Promise<{ specs: RuleSpec[]; targets: Map<number, WordBinTarget> }> {
  const [bins, keywords] = await Promise.all([
    db
      .selectFrom('word_bins')
      .select(['id', 'project_id', 'sentiment_id', 'language', 'start_date', 'stop_date'])
      .where('is_active', '=', true)
      .where('stop_date', '>', now)
      .execute(),
    db
      .selectFrom('word_bin_keywords')
      .innerJoin('word_bins', 'word_bins.id', 'word_bin_keywords.word_bin_id')
      .select(['word_bin_keywords.word_bin_id', 'word_bin_keywords.value', 'word_bin_keywords.operator_id'])
      .where('word_bins.is_active', '=', true)
      .where('word_bins.stop_date', '>', now)
      .orderBy('word_bin_keywords.word_bin_id')
      .orderBy('word_bin_keywords.position')
      .execute(),
  ]);
  const byBin = new Map<number, WordBinKeyword[]>();
  for (const k of keywords) {
    const list = byBin.get(k.word_bin_id) ?? [];
    list.push({ value: k.value, operatorId: k.operator_id });
    byBin.set(k.word_bin_id, list);
  }
  const specs: RuleSpec[] = [];
  const targets = new Map<number, WordBinTarget>();
  for (const b of bins) {
    const kws = byBin.get(b.id) ?? [];
    // Saved bins always read (service.ts checks); one that does not never matches, and NOT-only
    // bins (older data) would match every post: both are left out.
    if (!kws.some((k) => k.operatorId !== 3 && k.value.trim() !== '')) continue;
    const id = WORD_BIN_SPEC_BASE + b.id;
    specs.push({ id, expression: wordBinExpression(kws), kind: 'phrase' });
    targets.set(id, {
      wordBinId: b.id,
      projectId: b.project_id,
      sentimentId: b.sentiment_id,
      language: b.language,
      start: b.start_date.getTime(),
      stop: b.stop_date.getTime(),
    });
  }
  return { specs, targets };
}

/** The word bins a post matched: of a project it is filed under, in their window, sentiment and language. */
export function matchedWordBins(
  specIds: number[],
  targets: Map<number, WordBinTarget> | undefined,
  post: { projectIds: ReadonlySet<number>; favourabilityId: number; language: string | null; now: number },
): number[] {
  const out: number[] = [];
  if (!targets) return out;
  for (const id of specIds) {
    const t = targets.get(id);
    if (!t || !post.projectIds.has(t.projectId)) continue;
    if (post.now < t.start || post.now >= t.stop) continue;
    if (t.sentimentId !== 0 && FAVOURABILITY_OF_SENTIMENT[t.sentimentId] !== post.favourabilityId) continue;
    if (t.language !== null && t.language !== post.language) continue;
    out.push(t.wordBinId);
  }
  return out;
}

/** Records matches (idempotent: a clip is matched to a word bin once). Returns how many are new. */
export async function recordWordBinMatches(db: Kysely<Database>, rows: { wordBinId: number; clipId: number }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await sql<{ n: number }>`
    with ins as (
      insert into word_bin_clips (word_bin_id, clip_id)
      select * from unnest(${rows.map((r) => r.wordBinId)}::int[], ${rows.map((r) => r.clipId)}::bigint[])
      on conflict (word_bin_id, clip_id) do nothing
      returning 1
    ) select count(*)::int as n from ins`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}
