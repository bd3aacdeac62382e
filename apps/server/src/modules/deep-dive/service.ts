// Deep dive: a rail's items over the Filter's range and streams, compared with the previous
// period; the Compare modal's items (up to DEEP_DIVE_COMPARE_MAX) drawn over time, in the
// period's buckets (contract deepDiveBuckets: weeks from Monday and the client's days, as every
// other chart). Gated by the Deep Dive product and offered to the side menu's project types only,
// here as in the menu. No post carrying an item of the rail: null, which the route answers as 204
// ('No data found for deep-dive').
import {
  DEEP_DIVE_COMPARE_MAX,
  DEEP_DIVE_HOURLY_MAX_DAYS,
  DEEP_DIVE_PERIODS,
  DEEP_DIVE_TOP,
  DEFAULT_DEEP_DIVE_PERIOD,
  deepDiveBuckets,
  periodFits,
  rangeDays,
  type DeepDive,
  type DeepDiveQuery,
  type DeepDiveRail,
} from '@listening/contract';
import type { z } from 'zod';
import { assertUnlocked, fromWall, previousScope, resolveScope, toWall } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../errors.ts';
import { assertScreen } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

const PREFIX: Partial<Record<DeepDiveRail, string>> = { hashtag: '#', handle: '@' };
/** As the breakdown shows it: hashtags with '#', handles with '@', whatever the pipeline stored. */
export const shown = (value: string, rail: DeepDiveRail) => {
  const p = PREFIX[rail];
  return p && !value.startsWith(p) ? `${p}${value}` : value;
};
/** The stored forms an item of the Compare modal may have ('#tag' is stored as '#tag' or 'tag'). */
const storedForms = (value: string, rail: DeepDiveRail) => {
  const p = PREFIX[rail];
  return p && value.startsWith(p) ? [value, value.slice(p.length)] : [value];
};

export async function deepDive(db: Db, user: AuthUser, query: z.output<typeof DeepDiveQuery>): Promise<DeepDive | null> {
  const s = await resolveScope(db, user, query);
  assertScreen(s.project, 'deep-dive');
  await assertUnlocked(db, s.project, 'DeepDive');
  const rail = query.railType;
  const period = query.period ?? DEFAULT_DEEP_DIVE_PERIOD;
  if (!periodFits(period, s.startWall, s.endWall))
    throw badRequest(
      `period hourly draws a range of at most ${DEEP_DIVE_HOURLY_MAX_DAYS} days; this one has ${rangeDays(s.startWall, s.endWall)}: choose daily or weekly`,
    );
  const prev = previousScope(s);
  const compare = query.compare?.flatMap((v) => storedForms(v, rail));
  const buckets = deepDiveBuckets(s.startWall, s.endWall, toWall(new Date(), s.timeZone), period);
  // The instants the second and later buckets begin (the first begins with the range).
  const starts = buckets.slice(1).map((b) => fromWall(new Date(`${b.from}Z`), s.timeZone));
  // Independent reads at once (on PostgreSQL each takes its own connection): the rail's posts now
  // and before (small), and everything else in one scan (queries.ts overview).
  const [posts, before, o] = await Promise.all([
    q.posts(db, s, rail),
    q.posts(db, prev, rail),
    q.overview(db, s, prev, rail, { limit: compare ? compare.length : DEEP_DIVE_TOP, starts, prefix: PREFIX[rail], values: compare }),
  ]);
  if (posts === 0) return null;
  const merged = new Map<string, q.ItemRow>();
  const previous = new Map<string, number>();
  for (const r of o.items) {
    const key = shown(r.value, rail);
    previous.set(key, (previous.get(key) ?? 0) + r.previous);
    if (r.count === 0) continue;
    const m = merged.get(key);
    merged.set(
      key,
      m
        ? { value: key, count: m.count + r.count, owned: m.owned + r.owned, earned: m.earned + r.earned, chatter: m.chatter + r.chatter }
        : { value: key, count: r.count, owned: r.owned, earned: r.earned, chatter: r.chatter },
    );
  }
  // Items asked to compare that the range lacks still show, at 0.
  for (const v of query.compare ?? [])
    if (!merged.has(shown(v, rail))) merged.set(shown(v, rail), { value: shown(v, rail), count: 0, owned: 0, earned: 0, chatter: 0 });
  const list = [...merged.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));

  const charted = (query.compare ? list : list.slice(0, DEEP_DIVE_COMPARE_MAX)).map((i) => i.value);
  const grid = buckets.map(() => charted.map(() => 0));
  const column = new Map(charted.map((v, i) => [v, i]));
  for (const r of o.series) {
    const c = column.get(shown(r.value, rail));
    if (c !== undefined && r.bucket >= 0 && r.bucket < grid.length) grid[r.bucket][c] += r.count;
  }

  return {
    RailType: rail,
    Bucket: DEEP_DIVE_PERIODS[period].bucket,
    Posts: { Value: posts, Previous: before },
    Distinct: { Value: o.distinct.now, Previous: o.distinct.previous },
    Items: list.map((i) => ({ Value: i.value, Count: i.count, Previous: previous.get(i.value) ?? 0, Owned: i.owned, Earned: i.earned, Chatter: i.chatter })),
    Charted: charted,
    Series: buckets.map((b, k) => ({ Date: b.start, From: b.from, To: b.to, Label: b.label, Partial: b.partial, Counts: grid[k] })),
  };
}
