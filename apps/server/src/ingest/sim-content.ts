// A seeded generator of realistic posts for the projects in the database, shared by the live
// simulator and the demo corpus. Posts are built to satisfy the projects' own rules (so they land
// in root, sort and input bins), from a long-tailed author population, in several languages,
// with replies to and posts by owned profiles, links, hashtags and named entities.
import { STREAMS } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import { AUTHOR, REPLY, URL, mapperFor } from './matcher/compile.ts';
import { parseExpression, satisfyingLiterals, type Expr } from './matcher/expression.ts';
import type { Post } from './post.ts';
import { prng } from '../prng.ts';
import { loadRuleSet } from './rules.ts';
import { DAY_MS, HOUR_MS, postsInHour, type RateProject } from './sim-rate.ts';
import { AUTHOR_LOCATIONS, FIRST, HASHTAGS, LANGUAGE_WEIGHTS, LAST, ORGS, PEOPLE, PLACES, STREAM_WEIGHTS, TEMPLATES, type Tone } from './sim-vocab.ts';

export interface SimProject extends RateProject {
  rules: Expr[];
  owned: { streamId: number; externalId: string; handle: string | null; name: string; followers: number }[];
}

export async function loadSimProjects(db: Db): Promise<SimProject[]> {
  const rs = await loadRuleSet(db);
  const rules = await db.selectFrom('bin_rules').select(['id', 'kind', 'expression']).where('is_active', '=', true).execute();
  const profiles = await db.selectFrom('profiles').select(['project_id', 'stream_id', 'external_id', 'handle', 'name', 'followers']).execute();
  const zones = await db.selectFrom('clients').select(['id', 'time_zone']).execute();
  const zoneOf = new Map(zones.map((c) => [c.id, c.time_zone]));
  const out = new Map<number, SimProject>();
  for (const p of rs.projects.values())
    out.set(p.id, { id: p.id, streamIds: [...p.streamIds], timeZone: zoneOf.get(p.clientId) ?? 'UTC', rules: [], owned: [] });
  for (const r of rules) {
    const t = rs.targets.get(r.id);
    const p = t && out.get(t.projectId);
    if (!p) continue;
    try {
      p.rules.push(parseExpression(r.expression, mapperFor(r.kind)));
    } catch {
      // A rule that does not parse never matches; the generator has nothing to aim at.
    }
  }
  for (const pr of profiles)
    out
      .get(pr.project_id)
      ?.owned.push({ streamId: pr.stream_id, externalId: pr.external_id, handle: pr.handle, name: pr.name, followers: pr.followers || 20_000 });
  return [...out.values()].filter((p) => p.streamIds.length > 0 && (p.rules.length > 0 || p.owned.length > 0));
}

function weighted<T>(pairs: [T, number][]): (u: number) => T {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  return (u) => {
    let x = u * total;
    for (const [v, w] of pairs) if ((x -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  };
}

const AUTHORS_PER_STREAM = 4000;
const pickLanguage = weighted(LANGUAGE_WEIGHTS);
const pickTone = weighted<Tone>([
  ['pos', 38],
  ['neu', 32],
  ['neg', 30],
]);
const cap = (w: string) => (/^[#@]/.test(w) ? w : w[0].toUpperCase() + w.slice(1));

/** A planted post (sim-storylines.ts): its template and tone, and optionally its author (an index). */
export interface Plant {
  name: string;
  template: string;
  tone: Tone;
  author?: number;
}

export interface Generator {
  /**
   * One post at the given time for the project (a random one if none; now and then a duplicate of
   * a recent post), or, planted, a post of a storyline's template in English.
   */
  post(at: Date, project?: SimProject, plant?: Plant): Post;
}

/** A simulated author's profile location, from their index alone (so it never changes the random sequence). */
export const simAuthorLocation = (i: number): string => AUTHOR_LOCATIONS[(i * 13 + 5) % AUTHOR_LOCATIONS.length];

export function createGenerator(projects: SimProject[], seed: number, idPrefix = `s${seed}`): Generator {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const int = (n: number) => Math.floor(rnd() * n);
  const recent: Post[] = [];
  let counter = 0;
  const streamPickers = new Map(
    projects.map((p) => [p.id, weighted(STREAM_WEIGHTS.filter(([s]) => p.streamIds.includes(s)).map(([s, w]) => [s, w] as [number, number]))]),
  );

  function author(streamId: number, index?: number) {
    // Skewed index: a few authors post a lot and have many followers; most are small.
    const i = index ?? Math.floor(AUTHORS_PER_STREAM * rnd() ** 2.5);
    const followers = Math.round(30 + 1_500_000 / (i + 1) ** 1.15);
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const handle = `${FIRST[i % FIRST.length]}${LAST[(i * 7) % LAST.length].replace(/\s/g, '')}${i}`.toLowerCase();
    return { externalId: `${streamId}-a${i}`, name, handle, followers, location: simAuthorLocation(i) };
  }

  function post(at: Date, forProject?: SimProject, plant?: Plant): Post {
    if (!plant && recent.length > 50 && rnd() < 0.01) {
      // A network sends a post again with new engagement: stored once, counted once.
      const old = recent[int(recent.length)];
      return { ...old, likes: (old.likes ?? 0) + 1 + int(50), comments: (old.comments ?? 0) + int(5) };
    }
    const project = forProject ?? projects[int(projects.length)];
    const streamId = (streamPickers.get(project.id) ?? (() => STREAMS.X))(rnd() || 0.5) as number;
    const ownedHere = project.owned.filter((o) => o.streamId === streamId);
    const roll = rnd();
    const byOwned = !plant && ownedHere.length > 0 && roll < 0.04;
    const reply = !plant && !byOwned && ownedHere.length > 0 && roll < 0.16;
    const lang = byOwned || plant ? 'en' : pickLanguage(rnd());
    const tone: Tone = plant?.tone ?? (byOwned ? (rnd() < 0.6 ? 'pos' : 'neu') : pickTone(rnd()));
    let link: string | null = null;
    let inReplyToHandle: string | null = null;
    const brand: string[] = [];
    const rule = project.rules.length ? project.rules[int(project.rules.length)] : null;
    for (const words of rule ? satisfyingLiterals(rule, (n) => int(n)) : []) {
      const w = words[0];
      if (w.startsWith(URL)) link = `https://${w.slice(URL.length)}/${idPrefix}${counter}`;
      else if (w.startsWith(REPLY) || w.startsWith(AUTHOR)) inReplyToHandle = w.slice(REPLY.length);
      else brand.push(words.map(cap).join(' '));
    }
    const owner = ownedHere.length ? ownedHere[int(ownedHere.length)] : null;
    if (reply && owner?.handle) inReplyToHandle = owner.handle;
    if (brand.length === 0) brand.push(owner?.handle ? `@${owner.handle}` : 'them');
    const templates = (TEMPLATES[lang] ?? TEMPLATES.en)[tone];
    let body = (plant?.template ?? pick(templates))
      .replace('{b}', brand.join(' '))
      .replace('{p}', pick(PEOPLE))
      .replace('{l}', pick(PLACES))
      .replace('{o}', pick(ORGS))
      .replace('{t}', rnd() < 0.5 ? pick(HASHTAGS) : '');
    if (inReplyToHandle && !body.includes(`@${inReplyToHandle}`)) body = `@${inReplyToHandle} ${body}`;
    if (!link && rnd() < 0.12) link = `https://news.example.co.za/${idPrefix}-${counter}`;
    if (link && rnd() < 0.7) body += ` ${link}`;
    const a =
      byOwned && owner ? { externalId: owner.externalId, name: owner.name, handle: owner.handle, followers: owner.followers } : author(streamId, plant?.author);
    // Engagement grows with audience, with a heavy tail (the odd viral post).
    const likes = Math.floor((a.followers ?? 100) * 0.004 * (-Math.log(1 - rnd() * 0.999)) ** 2);
    const p: Post = {
      streamId,
      externalId: plant ? `${idPrefix}-${plant.name}-${counter++}` : `${idPrefix}-${counter++}`,
      author: a,
      body: body.replace(/\s+/g, ' ').trim(),
      postedAt: at,
      link,
      inReplyToHandle,
      parentExternalId: inReplyToHandle ? `${idPrefix}-parent-${int(1000)}` : null,
      likes,
      comments: Math.floor(likes * 0.08 * rnd()),
      shares: Math.floor(likes * 0.05 * rnd()),
      views: streamId === STREAMS.YouTube || streamId === STREAMS.TikTok ? likes * (20 + int(60)) : 0,
      language: lang,
    };
    if (recent.length < 500) recent.push(p);
    else recent[int(500)] = p;
    return p;
  }
  return { post };
}

/**
 * When the corpus's posts happen and for which project: every hour of [start, end) of every
 * project weighs what sim-rate.ts expects of it (the client's daily rhythm, the project's share,
 * noise, bursts), times a slow growth over the period (a growing brand: 0.8 at the start to 1.2 at
 * the end). The last hour counts for the part of it before `end`, so the corpus reaches `end`
 * evenly whatever the clients' time zones. Draws are seeded.
 */
export function createCorpusClock(projects: SimProject[], seed: number, start: Date, end: Date): () => { at: Date; project: SimProject } {
  const rnd = prng(seed ^ 0x5eed);
  const t0 = start.getTime();
  const t1 = Math.max(t0 + 1, end.getTime());
  const h0 = Math.floor(t0 / HOUR_MS);
  const hours = Math.ceil(t1 / HOUR_MS) - h0;
  const n = hours * projects.length;
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < hours; i++) {
    const h = h0 + i;
    const from = Math.max(t0, h * HOUR_MS);
    const part = (Math.min(t1, (h + 1) * HOUR_MS) - from) / HOUR_MS;
    const growth = 0.8 + (0.4 * i) / hours;
    for (let j = 0; j < projects.length; j++) cumulative[i * projects.length + j] = total += postsInHour(projects[j], h, 1, seed) * growth * part;
  }
  return () => {
    const x = rnd() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    const h = h0 + Math.floor(lo / projects.length);
    const from = Math.max(t0, h * HOUR_MS);
    const to = Math.min(t1, (h + 1) * HOUR_MS);
    return { at: new Date(from + Math.floor(rnd() * (to - from))), project: projects[lo % projects.length] };
  };
}

/** The corpus's days, newest first (createCorpusDays). */
export interface CorpusDays {
  /** Day d is the 24 hours ending d days before the corpus's end: 0 is the newest, count - 1 the oldest. */
  count: number;
  /** The weight of day d: its share of the period's posts is weight(d) over the sum of every day's. */
  weight(d: number): number;
  /** A moment of day d and the project a post then is for, drawn with `rnd` as createCorpusClock draws over the whole period. */
  draw(d: number, rnd: () => number): { at: Date; project: SimProject };
}

/**
 * createCorpusClock's weights, cut into the days up to `end` (the last `days` of them, whole days
 * back from `end`), so the corpus can be written a day at a time, newest first, each day's posts
 * drawn from that day alone and the days keeping the shares they have in the whole period.
 */
export function createCorpusDays(projects: SimProject[], seed: number, days: number, end: Date): CorpusDays {
  const t1 = end.getTime();
  const t0 = t1 - days * DAY_MS;
  const h0 = Math.floor(t0 / HOUR_MS);
  const hours = Math.ceil(t1 / HOUR_MS) - h0;
  const P = projects.length;
  // Segments: each hour, cut where a day begins; chronological, so each day's are contiguous.
  const segStart: number[] = [];
  const segEnd: number[] = [];
  const cumulative: number[] = [];
  const first = new Int32Array(days).fill(-1);
  const last = new Int32Array(days).fill(-1);
  let total = 0;
  for (let i = 0; i < hours; i++) {
    const h = h0 + i;
    const from = Math.max(t0, h * HOUR_MS);
    const to = Math.min(t1, (h + 1) * HOUR_MS);
    // The latest day boundary (t1 - k days) at or before the hour's end: inside the hour, it cuts it.
    const cut = t1 - Math.ceil((t1 - to) / DAY_MS) * DAY_MS;
    const bounds = cut > from && cut < to ? [from, cut, to] : [from, to];
    const growth = 0.8 + (0.4 * i) / hours;
    for (let k = 0; k + 1 < bounds.length; k++) {
      const [a, b] = [bounds[k], bounds[k + 1]];
      if (b <= a) continue;
      const d = Math.floor((t1 - 1 - a) / DAY_MS);
      const s = segStart.length;
      segStart.push(a);
      segEnd.push(b);
      if (first[d] < 0) first[d] = s;
      last[d] = s;
      for (let j = 0; j < P; j++) cumulative.push((total += postsInHour(projects[j], h, 1, seed) * growth * ((b - a) / HOUR_MS)));
    }
  }
  const before = (d: number) => (first[d] > 0 ? cumulative[first[d] * P - 1] : 0);
  const weight = (d: number) => (first[d] < 0 || P === 0 ? 0 : cumulative[(last[d] + 1) * P - 1] - before(d));
  return {
    count: days,
    weight,
    draw(d, rnd) {
      const lo = first[d] * P;
      const x = before(d) + rnd() * weight(d);
      let l = lo;
      let r = (last[d] + 1) * P - 1;
      while (l < r) {
        const mid = (l + r) >>> 1;
        if (cumulative[mid] > x) r = mid;
        else l = mid + 1;
      }
      const seg = Math.floor(l / P);
      return { at: new Date(segStart[seg] + Math.floor(rnd() * (segEnd[seg] - segStart[seg]))), project: projects[l % P] };
    },
  };
}
