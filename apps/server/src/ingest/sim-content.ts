// A seeded generator of realistic posts for the projects in the database, shared by the live
// simulator and the demo corpus. Posts are built to satisfy the projects' own rules (so they land
// in root, sort and input bins), from a long-tailed author population, in several languages,
// with replies to and posts by owned profiles, links, hashtags and named entities.
import { STREAMS } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import { AUTHOR, REPLY, URL, mapperFor } from './matcher/compile.ts';
import { parseExpression, satisfyingLiterals, type Expr } from './matcher/expression.ts';
import type { Post } from './post.ts';
import { loadRuleSet } from './rules.ts';
import { FIRST, HASHTAGS, HOUR_WEIGHTS, LANGUAGE_WEIGHTS, LAST, ORGS, PEOPLE, PLACES, STREAM_WEIGHTS, TEMPLATES, type Tone } from './sim-vocab.ts';

export interface SimProject {
  id: number;
  streamIds: number[];
  rules: Expr[];
  owned: { streamId: number; externalId: string; handle: string | null; name: string; followers: number }[];
}

/** mulberry32: small, fast and good enough for synthetic data; the same seed gives the same posts. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function loadSimProjects(db: Db): Promise<SimProject[]> {
  const rs = await loadRuleSet(db);
  const rules = await db.selectFrom('bin_rules').select(['id', 'kind', 'expression']).where('is_active', '=', true).execute();
  const profiles = await db.selectFrom('profiles').select(['project_id', 'stream_id', 'external_id', 'handle', 'name', 'followers']).execute();
  const out = new Map<number, SimProject>();
  for (const p of rs.projects.values()) out.set(p.id, { id: p.id, streamIds: [...p.streamIds], rules: [], owned: [] });
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

export interface Generator {
  /** One post at the given time (a duplicate of a recent one, now and then). */
  post(at: Date): Post;
}

export function createGenerator(projects: SimProject[], seed: number, idPrefix = `s${seed}`): Generator {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const int = (n: number) => Math.floor(rnd() * n);
  const recent: Post[] = [];
  let counter = 0;
  const streamPickers = new Map(
    projects.map((p) => [p.id, weighted(STREAM_WEIGHTS.filter(([s]) => p.streamIds.includes(s)).map(([s, w]) => [s, w] as [number, number]))]),
  );

  function author(streamId: number) {
    // Skewed index: a few authors post a lot and have many followers; most are small.
    const i = Math.floor(AUTHORS_PER_STREAM * rnd() ** 2.5);
    const followers = Math.round(30 + 1_500_000 / (i + 1) ** 1.15);
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const handle = `${FIRST[i % FIRST.length]}${LAST[(i * 7) % LAST.length].replace(/\s/g, '')}${i}`.toLowerCase();
    return { externalId: `${streamId}-a${i}`, name, handle, followers };
  }

  function post(at: Date): Post {
    if (recent.length > 50 && rnd() < 0.01) {
      // A network sends a post again with new engagement: stored once, counted once.
      const old = recent[int(recent.length)];
      return { ...old, likes: (old.likes ?? 0) + 1 + int(50), comments: (old.comments ?? 0) + int(5) };
    }
    const project = projects[int(projects.length)];
    const streamId = (streamPickers.get(project.id) ?? (() => STREAMS.X))(rnd() || 0.5) as number;
    const ownedHere = project.owned.filter((o) => o.streamId === streamId);
    const roll = rnd();
    const byOwned = ownedHere.length > 0 && roll < 0.04;
    const reply = !byOwned && ownedHere.length > 0 && roll < 0.16;
    const lang = byOwned ? 'en' : pickLanguage(rnd());
    const tone: Tone = byOwned ? (rnd() < 0.6 ? 'pos' : 'neu') : pickTone(rnd());
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
    let body = pick(templates)
      .replace('{b}', brand.join(' '))
      .replace('{p}', pick(PEOPLE))
      .replace('{l}', pick(PLACES))
      .replace('{o}', pick(ORGS))
      .replace('{t}', rnd() < 0.5 ? pick(HASHTAGS) : '');
    if (inReplyToHandle && !body.includes(`@${inReplyToHandle}`)) body = `@${inReplyToHandle} ${body}`;
    if (!link && rnd() < 0.12) link = `https://news.example.co.za/${idPrefix}-${counter}`;
    if (link && rnd() < 0.7) body += ` ${link}`;
    const a = byOwned && owner ? { externalId: owner.externalId, name: owner.name, handle: owner.handle, followers: owner.followers } : author(streamId);
    // Engagement grows with audience, with a heavy tail (the odd viral post).
    const likes = Math.floor((a.followers ?? 100) * 0.004 * (-Math.log(1 - rnd() * 0.999)) ** 2);
    const p: Post = {
      streamId,
      externalId: `${idPrefix}-${counter++}`,
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

/** Hour-of-day weights and the odd burst day: when posts happen over a period. */
export function createClock(seed: number, start: Date, end: Date): () => Date {
  const rnd = prng(seed ^ 0x5eed);
  const days = Math.max(1, Math.ceil((end.getTime() - start.getTime()) / 86_400_000));
  // Later days are busier (a growing brand); a few days burst (a campaign, an outage).
  const dayWeights: [number, number][] = [];
  for (let d = 0; d < days; d++) dayWeights.push([d, (0.7 + (0.6 * d) / days) * (rnd() < 0.06 ? 3 + rnd() * 3 : 1)]);
  const pickDay = weighted(dayWeights);
  const pickHour = weighted(HOUR_WEIGHTS.map((w, h) => [h, w] as [number, number]));
  const base = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  return () => {
    const t = base + pickDay(rnd()) * 86_400_000 + pickHour(rnd()) * 3_600_000 + Math.floor(rnd() * 3_600_000);
    return new Date(Math.min(t, end.getTime()));
  };
}
