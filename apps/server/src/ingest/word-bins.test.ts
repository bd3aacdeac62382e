import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { migratedTestDb } from '../test/harness.ts';
import { compileRules } from './matcher/compile.ts';
import { ingestPosts } from './pipeline.ts';
import { invalidateRules } from './rules.ts';
import { makePost, seedProject, type SeededProject } from './testing.ts';
import { WORD_BIN_SPEC_BASE, loadWordBins, recordWordBinMatches, wordBinExpression, wordBinExpressionProblem } from './word-bins.ts';
import { analyse } from '../nlp/text.ts';

let h: DbHandle;
let acme: SeededProject;
let other: SeededProject;

const DAY = 86_400_000;

async function wordBin(
  project: SeededProject,
  keywords: [string, number][],
  over: { sentiment_id?: number; language?: string | null; start?: Date; stop?: Date; is_active?: boolean } = {},
) {
  const row = await h.db
    .insertInto('word_bins')
    .values({
      client_id: project.clientId,
      project_id: project.projectId,
      description: keywords.map((k) => k[0]).join(' '),
      start_date: over.start ?? new Date(Date.now() - DAY),
      stop_date: over.stop ?? new Date(Date.now() + 30 * DAY),
      sentiment_id: over.sentiment_id ?? 0,
      language: over.language ?? null,
      is_active: over.is_active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('word_bin_keywords')
    .values(keywords.map(([value, operator_id], position) => ({ word_bin_id: row.id, value, operator_id, position })))
    .execute();
  invalidateRules(h.db);
  return row.id;
}

async function matchesOf(wordBinId: number): Promise<string[]> {
  const rows = await h.db
    .selectFrom('word_bin_clips')
    .innerJoin('clips', 'clips.id', 'word_bin_clips.clip_id')
    .select('clips.body')
    .where('word_bin_clips.word_bin_id', '=', wordBinId)
    .orderBy('clips.id')
    .execute();
  return rows.map((r) => r.body);
}

beforeAll(async () => {
  h = await migratedTestDb();
  acme = await seedProject(h.db, { name: 'Acme', rules: [{ bin: 'root', expression: 'acme' }] });
  other = await seedProject(h.db, { name: 'Other', rules: [{ bin: 'root', expression: 'fizz' }] });
});
afterAll(() => h.close());

describe('word-bin keywords as one expression', () => {
  it('ANDs the AND keywords, ORs the OR keywords and excludes the NOT keywords', () => {
    const expr = wordBinExpression([
      { value: 'acme', operatorId: 1 },
      { value: 'recall', operatorId: 2 },
      { value: 'broken bottle', operatorId: 2 },
      { value: 'competition', operatorId: 3 },
      { value: '  ', operatorId: 1 },
    ]);
    const m = compileRules([{ id: WORD_BIN_SPEC_BASE + 1, expression: expr }]);
    const hit = (text: string) => m.match({ tokens: analyse(text).tokens }).length === 1;
    expect(hit('Acme announces a recall of its cola')).toBe(true);
    expect(hit('Found a broken bottle of acme in the shop')).toBe(true);
    expect(hit('acme recall competition results')).toBe(false); // NOT excludes
    expect(hit('a recall of something else')).toBe(false); // the AND keyword is missing
    expect(hit('acme is great')).toBe(false); // no OR keyword
  });

  it('names what cannot be a query: nothing, only NOT, an unknown operator', () => {
    expect(wordBinExpressionProblem([{ value: ' ', operatorId: 1 }])).toBe('Add at least one keyword');
    expect(wordBinExpressionProblem([{ value: 'spam', operatorId: 3 }])).toMatch(/at least one AND or OR keyword/);
    expect(wordBinExpressionProblem([{ value: 'acme', operatorId: 4 }])).toMatch(/unknown operator 4/);
    expect(wordBinExpressionProblem([{ value: 'acme', operatorId: 1 }])).toBeNull();
  });
});

describe('matching at ingestion', () => {
  it("stores a match for a new post of the word bin's project, and none for a NOT keyword, another project, or a post seen again", async () => {
    const id = await wordBin(acme, [
      ['recall', 1],
      ['acme', 2],
      ['fizz', 2],
      ['competition', 3],
    ]);
    const posts = [
      makePost('Acme recall announced today'), // matches
      makePost('Acme recall competition winners'), // NOT excludes
      makePost('Acme tastes great'), // no AND keyword
      makePost('fizz recall in the news'), // keywords match, but the post is Other's, not Acme's
    ];
    await ingestPosts(h.db, posts);
    expect(await matchesOf(id)).toEqual(['Acme recall announced today']);
    const first = await h.db.selectFrom('word_bin_clips').select(['matched_at']).where('word_bin_id', '=', id).executeTakeFirstOrThrow();
    // The same post again (new engagement) is not a new match.
    await ingestPosts(h.db, [{ ...posts[0], likes: 500 }]);
    const again = await h.db.selectFrom('word_bin_clips').select(['matched_at']).where('word_bin_id', '=', id).execute();
    expect(again).toEqual([first]);
  });

  it('honours the sentiment and language filters and the start/stop window; inactive bins never match', async () => {
    const negative = await wordBin(acme, [['outage', 1]], { sentiment_id: 3 });
    const afrikaans = await wordBin(acme, [['outage', 1]], { language: 'af' });
    const ended = await wordBin(acme, [['outage', 1]], { start: new Date(Date.now() - 10 * DAY), stop: new Date(Date.now() - DAY) });
    const later = await wordBin(acme, [['outage', 1]], { start: new Date(Date.now() + DAY) });
    const off = await wordBin(acme, [['outage', 1]], { is_active: false });
    await ingestPosts(h.db, [
      makePost('Acme outage again, this is terrible and awful, I hate it'),
      makePost('Acme outage vandag, dankie vir die hulp en ons is lekker'),
    ]);
    expect(await matchesOf(negative)).toEqual(['Acme outage again, this is terrible and awful, I hate it']);
    expect(await matchesOf(afrikaans)).toEqual(['Acme outage vandag, dankie vir die hulp en ons is lekker']);
    for (const id of [ended, later, off]) expect(await matchesOf(id)).toEqual([]);
  });

  it("a deleted project's word bins are not compiled; recordWordBinMatches is idempotent", async () => {
    const id = await wordBin(other, [['fizz', 1]]);
    expect((await loadWordBins(h.db)).targets.has(WORD_BIN_SPEC_BASE + id)).toBe(true);
    const clip = await h.db.selectFrom('clips').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect(await recordWordBinMatches(h.db, [{ wordBinId: id, clipId: Number(clip.id) }])).toBe(1);
    expect(await recordWordBinMatches(h.db, [{ wordBinId: id, clipId: Number(clip.id) }])).toBe(0);
    await h.db.updateTable('projects').set({ is_deleted: true }).where('id', '=', other.projectId).execute();
    invalidateRules(h.db);
    await ingestPosts(h.db, [makePost('fizz news')]);
    expect(await matchesOf(id)).toHaveLength(1);
  });
});
