// Every analytic figure over the demo corpus, against a checked-in snapshot
// (__snapshots__/figures-snapshot.json), on both engines: the same file must match on PGlite
// (`node scripts/test-unit.mjs <this file>`) and on PostgreSQL (DATABASE_URL set, scripts/test-pg.mjs).
// Work that moves how figures are read must leave every answer as it is.
//
// Which operations: every operation of the contract whose input carries the analytic scope
// (`streamIds` in its query or body) or that is tagged with an analytic screen's tag
// (ANALYTIC_TAGS). Each one is either called here (CASES) or named in NOT_FIGURES with the reason;
// an operation added later fails the first test until it is put in one or the other. A report's
// figures are not an operation's answer (they go into a PDF or a spreadsheet), so readFigures
// (reports/figures.ts) is snapshotted directly.
//
// The data: the demo tenant (seed/demo.ts) and a demo corpus of fixed size, seed and end
// (ingest/demo-corpus.ts), with the clock pinned to NOW (only Date is faked; timers run), since the
// seed dates projects from now and the screens cut partial periods at now.
//
// Each answer is kept whole, status and body (a screen a project type does not offer answers its
// 4xx, which is kept too): ids come from a fresh database filled in a fixed order, and the clock
// is NOW (the setup sets the few times the database's own now() wrote). UPDATE_FIGURES=1 writes
// the snapshot instead of comparing; by default any difference fails, naming the call and where.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as contract from '@listening/contract';
import { operationPath, type OperationSpec } from '@listening/contract';
import { generateDemoCorpus } from '../ingest/demo-corpus.ts';
import { readFigures } from '../reports/figures.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';

const SNAPSHOT = fileURLToPath(new URL('./__snapshots__/figures-snapshot.json', import.meta.url));
const UPDATE = process.env.UPDATE_FIGURES === '1';

/** The pinned clock: a Wednesday morning in Johannesburg (the demo clients' zone), so today is partial. */
const NOW = new Date('2025-06-18T09:30:00Z');
/** The corpus: enough posts over enough days that every screen has figures in every case below. */
const CORPUS = { clips: 8000, days: 120, seed: 42, now: NOW };

/** The tags of the analytic screens' operations (packages/contract: dashboard/, analysis/, ...). */
const ANALYTIC_TAGS = [
  'dashboard',
  'analysis',
  'word cloud',
  'influencer discovery',
  'influencer comparison',
  'deep-dive',
  'worldmap',
  'performance measurement',
  'listing',
  'ave',
  'clips',
];

/** Analytic operations this snapshot does not call, each with the reason. */
const NOT_FIGURES: Record<string, string> = {
  getTeachPosts: "posts to rate, chosen by how unsure the client's sentiment model is: no figure (modules/sentiment/client-model.test.ts)",
  exportListing: 'a spreadsheet of the rows getClips answers (snapshotted here); its figures are those rows',
  excludePhrase: 'changes the word cloud settings (a write)',
  includePhrase: 'changes the word cloud settings (a write)',
  removePhrase: 'changes the word cloud settings (a write)',
  getExclusions: 'the word cloud settings: phrases a user typed, not figures',
  getPhrases: 'the word cloud settings: phrases a user typed, not figures',
  createInfluencer: 'adds an influencer entry (a write; the setup below uses it)',
  deleteInfluencer: 'removes an influencer entry (a write)',
  addCompetitor: 'changes competitor settings (a write)',
  removeCompetitor: 'changes competitor settings (a write)',
  getCompetitorSettings: 'the projects an admin may pair as competitors: settings, not figures',
  updateCpm: 'changes the CPM table (a write)',
  getResponseQueue:
    'lists up to 5,000 posts with their text, too large to keep whole here; its counts and response times are tested in modules/responses/responses.test.ts',
  markResponse: 'marks a post of the response queue (a write)',
  findNarratives:
    'groups the posts into storylines with their posts ids and texts, too large to keep whole here; tested in analytics/narratives/group.test.ts and modules/narratives/narratives.test.ts',
  rateClips: 'rates clips (a write)',
  rateMatchingClips: 'rates clips (a write)',
  rejectClips: 'rejects clips (a write)',
  rejectMatchingClips: 'rejects clips (a write)',
  restoreClips: 'restores clips (a write)',
  restoreMatchingClips: 'restores clips (a write)',
};

/** One call: a label, and the operation's input. */
interface Case {
  label: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  /** Who calls: the demo client's analyst, unless the operation is the provider's (admin). */
  as?: 'analyst' | 'admin';
}

/** Ids of the demo tenant the cases need, found after seeding. */
interface Ids {
  brand: number;
  owned: number;
  summer: number;
  fizzco: number;
  productBin: number;
  pricingBin: number;
  influencers: number[];
}

/**
 * The analytic scopes every operation taking AnalyticQuery is called with: a month up to today
 * (today partial) on all streams but YouTube, a week in the past on two streams, YouTube alone
 * (which may not be combined) over ninety days, a sort bin, and the other project types of the
 * demo client (owned profiles, campaign, competitor watch). Each answer that compares carries
 * the previous period of equal length.
 */
const scopes = (ids: Ids): Case[] => [
  { label: 'brand, month to today, all streams', query: { projectId: ids.brand, startDate: '2025-05-20', endDate: '2025-06-18', streamIds: '7,8,9,11' } },
  { label: 'brand, a past week, X and Facebook', query: { projectId: ids.brand, startDate: '2025-04-01', endDate: '2025-04-07', streamIds: '7,8' } },
  { label: 'brand, ninety days, YouTube', query: { projectId: ids.brand, startDate: '2025-03-20', endDate: '2025-06-17', streamIds: '10' } },
  { label: 'sort bin, month to today', query: { binId: ids.productBin, startDate: '2025-05-20', endDate: '2025-06-18', streamIds: '7,8,9' } },
  { label: 'owned profiles, month', query: { projectId: ids.owned, startDate: '2025-05-19', endDate: '2025-06-17', streamIds: '7,8,9' } },
  { label: 'campaign, month', query: { projectId: ids.summer, startDate: '2025-05-19', endDate: '2025-06-17', streamIds: '7,8,9,11' } },
  { label: 'competitor watch, month', query: { projectId: ids.fizzco, startDate: '2025-05-19', endDate: '2025-06-17', streamIds: '7,8,9' } },
];

/** The scopes, and the first one again with each set of extra query fields. */
const withExtras = (ids: Ids, extras: Record<string, string | number | boolean>[]): Case[] => {
  const base = scopes(ids);
  return [
    ...base,
    ...extras.map((x) => ({
      label: `${base[0].label}, ${Object.entries(x)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
      query: { ...base[0].query, ...x },
    })),
  ];
};

const month = { startDate: '2025-05-20', endDate: '2025-06-18' };

/**
 * The calls, by the operation's export name. A function of the ids and of a caller (`ask`) for the
 * cases that take a value from another answer (an item to compare, a country, a snapshot id).
 */
type Ask = (op: string, c: Case) => Promise<{ status: number; body: unknown }>;
const CASES: Record<string, (ids: Ids, ask: Ask) => Promise<Case[]> | Case[]> = {
  getMentions: scopes,
  getHeatmap: scopes,
  getSentimentHeatmap: scopes,
  getSentimentSummary: scopes,
  getFavourability: scopes,
  getDailyInsights: scopes,
  getResponseTimes: (ids) => withExtras(ids, [{ waitMinutes: 15 }]),
  getChangeMarker: scopes,
  getBinsOfType: (ids) => withExtras(ids, [{ binTypeId: 6 }]),
  getSortBinTree: scopes,
  listSubBins: (ids) => withExtras(ids, [{ binTypeId: 6 }]).map((c) => ({ ...c, query: { binTypeId: 2, ...c.query } })),
  getTopAuthors: (ids) => withExtras(ids, [{ showAll: true }]),
  getTopAuthorsPage: (ids) => withExtras(ids, [{ sort: 'clips' }, { sort: 'followers', page: 2, pageSize: 10 }]),
  getTopPosts: (ids) => withExtras(ids, [{ limit: 20, maxPerAuthor: 1 }]),
  getSentimentRating: scopes,
  getContentClassification: scopes,
  getCompetitors: (ids) => [...scopes(ids), { label: 'brand, no range', query: { projectId: ids.brand } }],
  getProfileFollowers: scopes,
  getWordCloud: (ids) => withExtras(ids, [{ cloudFilter: 'hashtags' }, { cloudFilter: 'handles' }, { cloudFilter: 'entities' }]),
  getWordCloudByClips: (ids) =>
    [...scopes(ids), { label: 'hashtags', query: { ...scopes(ids)[0].query, prefix: '#' } }].map((c) => ({ label: c.label, body: c.query })),
  getWorldMapCountries: scopes,
  getWorldMapCluster: async (ids, ask) => {
    const cases = scopes(ids);
    const countries = (await ask('getWorldMapCountries', cases[0])).body as { Countries?: { CountryCode: string }[] };
    const first = countries.Countries?.[0]?.CountryCode;
    return [...cases, ...(first ? [{ label: `${cases[0].label}, country ${first}`, query: { ...cases[0].query, countryCode: first } }] : [])];
  },
  getDeepDive: async (ids, ask) => {
    const base = scopes(ids)[0];
    const cases: Case[] = [
      ...scopes(ids),
      ...['url', 'handle', 'entity'].map((railType) => ({ label: `${base.label}, ${railType}`, query: { ...base.query, railType } })),
      { label: `${base.label}, weekly`, query: { ...base.query, period: 'weekly' } },
      {
        label: 'brand, three days hourly',
        query: { projectId: ids.brand, startDate: '2025-06-15', endDate: '2025-06-17', streamIds: '7,8,9,11', period: 'hourly' },
      },
    ];
    const top = (await ask('getDeepDive', base)).body as { Items?: { Value: string }[] };
    const compare = (top.Items ?? []).slice(1, 3).map((i) => i.Value);
    if (compare.length) cases.push({ label: `${base.label}, compare two items`, query: { ...base.query, compare: compare.join(',') } });
    return cases;
  },
  getInfluencers: (ids) => [{ label: 'brand', query: { projectId: ids.brand } }],
  getInfluencerComparison: (ids) => [
    {
      label: 'brand, month to today, all streams',
      query: {
        projectId: ids.brand,
        influencers: ids.influencers.join(','),
        fromDate: '2025-05-20T00:00:00',
        endDate: '2025-06-18T23:59:59',
        streamIds: '7,8,9,11',
      },
    },
    {
      label: 'brand, a past week, X and Facebook',
      query: {
        projectId: ids.brand,
        influencers: ids.influencers.join(','),
        fromDate: '2025-04-01T00:00:00',
        endDate: '2025-04-07T23:59:59',
        streamIds: '7,8',
      },
    },
  ],
  getAveSettings: (ids) => [ids.brand, ids.owned].map((projectId) => ({ label: `project ${projectId}`, query: { projectId } })),
  getPostListing: (ids) =>
    withExtras(ids, [
      { sort: 'reach', limit: 20 },
      { sort: 'negative', limit: 20 },
      { q: 'price', limit: 20 },
      { sort: 'ave', favourabilityId: 1, limit: 20 },
    ]),
  getClips: (ids) =>
    withExtras(ids, [{ favourabilityId: 3 }, { brandAssociationId: 1 }, { hour: 9 }, { word: 'taste' }]).map((c) => ({
      ...c,
      query: { limit: 20, ...c.query },
    })),
  getNewClipCount: async (ids, ask) => {
    // The corpus is written newest day first, so the posts after half the newest id are the older days'.
    const base = scopes(ids)[2];
    const first = (await ask('getClips', { label: '', query: { ...base.query, limit: 1 } })).body as { SnapshotId?: number };
    const half = Math.floor((first.SnapshotId ?? 0) / 2);
    return half ? [{ label: `${base.label}, after half the newest id`, query: { ...base.query, snapshotId: half } }] : [];
  },
  getClipBins: (ids): Case[] => [
    {
      label: 'two sort bins, month',
      query: {
        binIds: `${ids.productBin},${ids.pricingBin}`,
        startDate: `${month.startDate}T00:00:00`,
        endDate: `${month.endDate}T23:59:59`,
        streamIds: '7,8,9,11',
      },
    },
    { label: 'bins of two projects', query: { projectIds: `${ids.brand},${ids.owned}` } },
  ],
  getClipsByIds: async (ids, ask) => {
    const base = scopes(ids)[3];
    const listing = (await ask('getClips', { label: '', query: { ...base.query, limit: 5 } })).body as { Data?: { ClipId: number }[] };
    const clipIds = (listing.Data ?? []).map((c) => c.ClipId);
    return clipIds.length ? [{ label: 'five clips of the sort bin', query: { binId: ids.productBin, clipIds: clipIds.join(',') } }] : [];
  },
  getDuplicates: (ids) => scopes(ids).map((c) => ({ ...c, as: 'admin' as const })),
};

/** The contract's operations by export name. */
const operations = Object.entries(contract as Record<string, unknown>).filter(
  (e): e is [string, OperationSpec] =>
    typeof e[1] === 'object' && e[1] !== null && 'method' in e[1] && 'path' in e[1] && 'response' in e[1] && 'access' in e[1],
);

/** Whether a schema's input has a field of that name (an object schema, or one refined). */
function hasField(schema: z.ZodType | undefined, name: string): boolean {
  if (!schema) return false;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return name in (json.properties ?? {});
}

/** The rule of the header: takes the analytic scope, or belongs to an analytic screen. */
const isAnalytic = (op: OperationSpec) => hasField(op.query, 'streamIds') || hasField(op.body, 'streamIds') || op.tags.some((t) => ANALYTIC_TAGS.includes(t));

let t: TestContext;
let ids: Ids;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  await generateDemoCorpus(t.db, CORPUS);
  headers.analyst = await authHeader(t.app, DEMO_USERS.analyst);
  headers.admin = await authHeader(t.app, DEMO_USERS.admin);
  const bin = async (name: string) =>
    (await t.db.selectFrom('bins').select('id').where('project_id', '=', t.projects['acme-brand']).where('name', '=', name).executeTakeFirstOrThrow()).id;
  // Influencer entries for the comparison: the brand's three authors with the most posts (ties by id).
  const authors = await t.db
    .selectFrom('bin_clips')
    .innerJoin('authors', 'authors.id', 'bin_clips.author_id')
    .select(['authors.id', 'authors.name', 'authors.stream_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'bin_clips.bin_id',
      '=',
      (await t.db.selectFrom('projects').select('bin_id').where('id', '=', t.projects['acme-brand']).executeTakeFirstOrThrow()).bin_id!,
    )
    .groupBy(['authors.id', 'authors.name', 'authors.stream_id'])
    .orderBy('n', 'desc')
    .orderBy('authors.id')
    .limit(3)
    .execute();
  const influencers: number[] = [];
  for (const a of authors) {
    const res = await t.app.inject({
      method: 'POST',
      url: operationPath(contract.createInfluencer),
      query: { projectId: String(t.projects['acme-brand']), authorId: String(a.id), authorName: a.name ?? `author ${a.id}`, streamId: String(a.stream_id) },
      headers: headers.analyst,
    });
    if (res.statusCode !== 200) throw new Error(`influencer ${a.id}: ${res.statusCode} ${res.body}`);
    influencers.push((res.json() as { Id: number }).Id);
  }
  // When a bin and an influencer entry were made (and a bin last changed) is the database's now(),
  // which the pinned clock reaches on PGlite (it runs in this process) but not on PostgreSQL, and
  // the listings answer it: set to NOW on both, as if made then. These are the only volatile fields
  // answered, and not figures.
  await t.db.updateTable('influencers').set({ created_at: NOW }).execute();
  await t.db.updateTable('bins').set({ created_at: NOW, modified_at: NOW }).execute();
  ids = {
    brand: t.projects['acme-brand'],
    owned: t.projects['acme-owned'],
    summer: t.projects['acme-summer'],
    fizzco: t.projects['fizzco'],
    productBin: await bin('Product mentions'),
    pricingBin: await bin('Pricing'),
    influencers,
  };
}, 300_000);

afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const ask: Ask = async (name, c) => {
  const op = operations.find(([n]) => n === name)![1];
  const query = Object.fromEntries(Object.entries(c.query ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({
    method: op.method,
    url: operationPath(op, c.params),
    query,
    ...(c.body ? { payload: c.body } : {}),
    headers: headers[c.as ?? 'analyst'],
  });
  const type = String(res.headers['content-type'] ?? '');
  return { status: res.statusCode, body: type.includes('json') ? res.json() : res.body };
};

/** Dates as ISO text and Maps as their entries, so that the figures read as JSON. */
const plain = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_, x: unknown) => (x instanceof Map ? Object.fromEntries([...x.entries()].map(([k, y]) => [String(k), y])) : x)));

/** The first place two JSON values differ, as a path and both values (cut short). */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`);
      if (d) return d;
    }
  }
  const cut = (x: unknown) => (JSON.stringify(x) ?? 'undefined').slice(0, 200);
  return `${path || '/'}: snapshot ${cut(a)}, now ${cut(b)}`;
}

describe('figures over the demo corpus', () => {
  it('covers every analytic operation of the contract, or says why not', () => {
    const analytic = operations.filter(([, op]) => isAnalytic(op)).map(([name]) => name);
    const unclassified = analytic.filter((name) => !(name in CASES) && !(name in NOT_FIGURES));
    expect(unclassified, 'analytic operations neither snapshotted (CASES) nor excused (NOT_FIGURES)').toEqual([]);
    const unknown = [...Object.keys(CASES), ...Object.keys(NOT_FIGURES)].filter((name) => !operations.some(([n]) => n === name));
    expect(unknown, 'names that are not operations of the contract').toEqual([]);
    const both = Object.keys(CASES).filter((name) => name in NOT_FIGURES);
    expect(both, 'operations both snapshotted and excused').toEqual([]);
  });

  it('answers the same figures as the snapshot', async () => {
    const now: Record<string, unknown> = {};
    for (const [name, build] of Object.entries(CASES)) {
      for (const c of await build(ids, ask)) {
        const key = `${name} · ${c.label}`;
        expect(key in now, `two cases named ${key}`).toBe(false);
        now[key] = await ask(name, c);
      }
    }
    // A report's figures (reports/figures.ts), as a Stats and a Trend Analysis of the month.
    const project = await t.db.selectFrom('projects').selectAll().where('id', '=', ids.brand).executeTakeFirstOrThrow();
    for (const kind of ['stats', 'trend'] as const) {
      now[`readFigures · ${kind}, brand, month, all streams and two bins`] = plain(
        await readFigures(
          t.db,
          {
            reportName: 'Snapshot',
            kind,
            project,
            clientName: 'Acme Beverages',
            timeZone: 'Africa/Johannesburg',
            streams: [7, 8, 9, 11],
            binIds: [ids.productBin, ids.pricingBin],
            from: new Date('2025-05-19T22:00:00Z'),
            to: new Date('2025-06-18T22:00:00Z'),
          },
          NOW,
        ),
      );
    }

    if (UPDATE || !existsSync(SNAPSHOT)) {
      // One line per call, so that a change shows as the lines of the calls it changed.
      const lines = Object.entries(now).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
      writeFileSync(SNAPSHOT, `{\n${lines.join(',\n')}\n}\n`);
      if (!UPDATE) throw new Error(`no snapshot: wrote ${SNAPSHOT}; check it in (UPDATE_FIGURES=1 rewrites it)`);
      return;
    }
    const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, unknown>;
    const differences = [...new Set([...Object.keys(snapshot), ...Object.keys(now)])]
      .map((key) => {
        if (!(key in now)) return `${key}: in the snapshot, not called now`;
        if (!(key in snapshot)) return `${key}: called now, not in the snapshot (UPDATE_FIGURES=1 adds it)`;
        const d = firstDifference(snapshot[key], now[key]);
        return d && `${key} ${d}`;
      })
      .filter((d) => d !== null);
    expect(differences, `figures that differ from ${SNAPSHOT} on ${t.engine}`).toEqual([]);
  }, 180_000);
});
