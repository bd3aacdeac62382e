// Narrative Analysis benchmark (docs/narratives.md): seconds to group 100,000 and 1,000,000
// matching posts (synthetic: the simulator's posts for one brand over 30 days, with the demo's
// planted storylines), then the quality figures on the held-out part of the public corpus when it
// is in data/narratives/ (bench/narratives-quality.ts), against plain TF-IDF k-means.
//   npm run bench -- narratives [--json] [--sizes 100000,1000000]
// --json prints {"nmi", "baselineNmi", "seconds100k", "seconds1m"} (null for what was not run).
import { groupNarratives, type NarrativePost } from '../apps/server/src/analytics/narratives/group.ts';
import { parseExpression } from '../apps/server/src/ingest/matcher/expression.ts';
import { createGenerator, type SimProject } from '../apps/server/src/ingest/sim-content.ts';
import { plantedPosts } from '../apps/server/src/ingest/sim-storylines.ts';
import { prng } from '../apps/server/src/prng.ts';
import { CORPUS_DIR, HELD_OUT, agreement, baselineGroups, foldOf, measure, readCorpus, type Row } from './narratives-quality.ts';

const DAY_MS = 86_400_000;
const DAYS = 30;

function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

/** `n` posts about one brand over 30 days ending `end`, a day at a time, storylines planted as in the demo corpus. */
export function syntheticPosts(n: number, end = Date.UTC(2025, 5, 18)): NarrativePost[] {
  const project: SimProject = {
    id: 1,
    streamIds: [7, 8, 9, 10, 11],
    timeZone: 'Africa/Johannesburg',
    rules: [parseExpression('acme OR #acmesa OR "acme bank"')],
    owned: [{ streamId: 7, externalId: 'acme-1', handle: 'AcmeSA', name: 'Acme', followers: 50_000 }],
  };
  const posts: NarrativePost[] = [];
  const perDay = Math.ceil(n / DAYS);
  for (let d = 0; d < DAYS && posts.length < n; d++) {
    const rnd = prng(1000 + d);
    const start = end - (d + 1) * DAY_MS;
    const draw = () => ({ at: new Date(start + Math.floor(rnd() * DAY_MS)), project });
    const gen = createGenerator([project], 2000 + d, `b${d}`);
    const day = plantedPosts(createGenerator([project], 3000 + d, `p${d}`), d, perDay, draw, rnd);
    while (day.length < perDay) day.push(gen.post(draw().at, project));
    for (const p of day) {
      if (posts.length === n) break;
      posts.push({ id: posts.length, text: p.body, author: p.author.externalId, postedAt: p.postedAt });
    }
  }
  return posts;
}

function timeGrouping(n: number, say: (s: string) => void): number {
  const posts = syntheticPosts(n);
  const t0 = performance.now();
  const groups = groupNarratives(posts);
  const seconds = (performance.now() - t0) / 1000;
  const items = groups.reduce((s, g) => s + g.copies.length, 0);
  say(
    `${n.toLocaleString('en')} posts: ${seconds.toFixed(2)} s, ${groups.length} narratives, ${items} collapsed items, largest: ${groups
      .slice(0, 3)
      .map((g) => `${g.posts.length} [${g.label.map((l) => l.phrase).join(', ')}]`)
      .join('; ')}`,
  );
  return seconds;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const say = json ? console.error : console.log;
  const sizes = arg(args, 'sizes', '100000,1000000').split(',').map(Number);
  const out: { nmi: number | null; baselineNmi: number | null; seconds100k: number | null; seconds1m: number | null } = {
    nmi: null,
    baselineNmi: null,
    seconds100k: null,
    seconds1m: null,
  };
  say('speed: grouping synthetic matching posts (one process, one core)');
  for (const n of sizes) {
    const s = timeGrouping(n, say);
    if (n === 100_000) out.seconds100k = Math.round(s * 100) / 100;
    if (n === 1_000_000) out.seconds1m = Math.round(s * 100) / 100;
  }
  const rows = readCorpus();
  if (!rows) say(`quality: the corpus is not in ${CORPUS_DIR}/ (docs/narratives.md says how to fetch it); no quality figures`);
  else {
    const q = measure(rows, HELD_OUT);
    const held: Row[] = rows.filter((_, i) => foldOf(i) === HELD_OUT);
    // The baseline given as many groups as the product found, so that the count of groups alone does not decide.
    const same = agreement(
      held.map((r) => r.label),
      baselineGroups(held, q.narratives, 1),
    );
    say(`quality on the held-out part (${q.rows} StackOverflow titles, 20 topics; settings chosen on the other 16,000):`);
    say(`  product:  NMI ${q.nmi.toFixed(3)}, V-measure ${q.vMeasure.toFixed(3)} (${q.narratives} groups, rows in none counted as one)`);
    say(`  TF-IDF k-means, k = 20 (mean of 5 seeds): NMI ${q.baselineNmi.toFixed(3)}, V-measure ${q.baselineVMeasure.toFixed(3)}`);
    say(`  TF-IDF k-means, k = ${q.narratives} (the product's count, seed 1): NMI ${same.nmi.toFixed(3)}, V-measure ${same.vMeasure.toFixed(3)}`);
    out.nmi = Math.round(q.nmi * 1000) / 1000;
    out.baselineNmi = Math.round(q.baselineNmi * 1000) / 1000;
  }
  if (json) console.log(JSON.stringify(out));
}
