// The deep dive reads whole UTC days from bin_daily_items and hours from bin_hourly_items only
// where a day is cut (queries.ts grains): the answer must be the one every hour's row gives. The
// rows here are random hours of three stored items over ten weeks, the day rows their sums; each
// scope's overview is checked against the same figures worked out here from the hours alone.
import { deepDiveBuckets, type DeepDivePeriod } from '@listening/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWall, previousScope, type Scope } from '../../analytics/scope.ts';
import type { DbHandle } from '../../db/connection.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { grains, overview, posts } from './queries.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('grains: which rows cover a span', () => {
  it('covers every whole hour of the span once, with a day row only where no cut falls inside the day', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let k = 0; k < 300; k++) {
      const from = Date.UTC(2024, 0, 1) + Math.floor(rnd() * 40 * 48) * (HOUR / 2);
      const to = from + Math.floor(rnd() * 30 * 48) * (HOUR / 2);
      const cuts = Array.from({ length: Math.floor(rnd() * 6) }, () => new Date(from + rnd() * (to - from)));
      const { days, hours } = grains(new Date(from), new Date(to), cuts);
      const covered = [...hours.map((h) => Date.parse(h)), ...days.flatMap((d) => Array.from({ length: 24 }, (_, i) => Date.parse(d) + i * HOUR))].sort(
        (a, b) => a - b,
      );
      const all: number[] = [];
      for (let t = Math.ceil(from / HOUR) * HOUR; t < to; t += HOUR) all.push(t);
      expect(covered).toEqual(all);
      for (const d of days.map(Date.parse)) {
        expect(d % DAY).toBe(0);
        expect(cuts.some((c) => c.getTime() > d && c.getTime() <= d + DAY - HOUR)).toBe(false);
      }
      // Nothing left in hours that could have been a day.
      for (const h of hours.map(Date.parse))
        if (h % DAY === 0 && h + DAY - HOUR < to) expect(cuts.some((c) => c.getTime() > h && c.getTime() <= h + DAY - HOUR)).toBe(true);
    }
  });

  it('reads a 90-day range of weekly buckets in UTC+2 mostly as days', () => {
    const tz = 'Africa/Johannesburg';
    const start = new Date('2024-01-01T00:00:00Z');
    const from = fromWall(start, tz);
    // 90 days are 13 weekly buckets: 12 starts after the first.
    const cuts = Array.from({ length: 12 }, (_, k) => fromWall(new Date(start.getTime() + (k + 1) * 7 * DAY), tz));
    const { days, hours } = grains(from, new Date(from.getTime() + 90 * DAY), [from, ...cuts]);
    // Each local midnight is 22:00 UTC: the 12 UTC days a week starts in are read by the hour,
    // as are the range's first two hours and its last 22; the other 77 days are one row each.
    expect(hours).toHaveLength(2 + 12 * 24 + 22);
    expect(days).toHaveLength(77);
  });
});

describe('the deep dive over day and hour rows', () => {
  let h: DbHandle;
  interface Row {
    item: string;
    hour: number;
    stream: number;
    owned: number;
    earned: number;
    chatter: number;
  }
  const rows: Row[] = [];
  const BIN = 424242;

  beforeAll(async () => {
    h = await migratedTestDb();
    let seed = 11;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const keys = new Set<string>();
    const first = Date.UTC(2024, 0, 1);
    for (let k = 0; k < 1500; k++) {
      const r = {
        item: ['#acme', 'acme', 'fizz', '#summer'][Math.floor(rnd() * 4)],
        hour: first + Math.floor(rnd() * 70 * 24) * HOUR,
        stream: [7, 8, 9][Math.floor(rnd() * 3)],
        owned: Math.floor(rnd() * 3),
        earned: Math.floor(rnd() * 3),
        chatter: Math.floor(rnd() * 4),
      };
      const key = `${r.item}|${r.hour}|${r.stream}`;
      if (keys.has(key)) continue;
      keys.add(key);
      rows.push(r);
    }
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      await sql`
        insert into bin_hourly_items (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
        select ${BIN}, 1, to_timestamp(h / 1000.0), s, item, o, e, c
          from unnest(${part.map((r) => r.hour)}::float8[], ${part.map((r) => r.stream)}::int[], ${part.map((r) => r.item)}::text[],
                      ${part.map((r) => r.owned)}::int[], ${part.map((r) => r.earned)}::int[], ${part.map((r) => r.chatter)}::int[]) v(h, s, item, o, e, c)`.execute(
        h.db,
      );
    }
    // The rail's posts per hour (bin_hourly's hashtag_posts): the sum of its items there, enough to check the read.
    await sql`insert into bin_hourly (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter, hashtag_posts)
              select bin_id, stream_id, hour, 0, 0, 0, 0, 0, 0, 0, 0, sum(owned + earned + chatter)
                from bin_hourly_items where bin_id = ${BIN} group by 1, 2, 3`.execute(h.db);
    await sql`insert into bin_daily_items (bin_id, rail, day, stream_id, item, owned, earned, chatter)
              select bin_id, rail, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', stream_id, item, sum(owned), sum(earned), sum(chatter)
                from bin_hourly_items where bin_id = ${BIN} group by 1, 2, 3, 4, 5`.execute(h.db);
  });
  afterAll(() => h.close());

  const scope = (timeZone: string, startWall: string, endWallExclusive: string): Scope => {
    const [a, b] = [new Date(startWall), new Date(endWallExclusive)];
    return {
      project: {} as Scope['project'],
      binId: BIN,
      streams: [7, 8],
      timeZone,
      from: fromWall(a, timeZone),
      to: fromWall(b, timeZone),
      startWall: a,
      endWall: new Date(b.getTime() - 1),
    };
  };

  /** The instants the period's second and later buckets begin (the service's `starts`). */
  const startsOf = (s: Scope, period: DeepDivePeriod) =>
    deepDiveBuckets(s.startWall, s.endWall, new Date('2100-01-01T00:00:00Z'), period)
      .slice(1)
      .map((b) => fromWall(new Date(`${b.from}Z`), s.timeZone));

  /** The overview from every hour's row, worked out here. */
  function expected(s: Scope, startInstants: Date[]) {
    const prev = previousScope(s);
    const starts = startInstants.map((d) => d.getTime());
    const key = (item: string) => (item.startsWith('#') ? item.slice(1) : item);
    const items = new Map<string, { value: string; count: number; owned: number; earned: number; chatter: number; previous: number }>();
    const series = new Map<string, number>();
    for (const r of rows) {
      if (!s.streams.includes(r.stream) || r.hour < prev.from.getTime() || r.hour >= s.to.getTime()) continue;
      const i = items.get(r.item) ?? { value: r.item, count: 0, owned: 0, earned: 0, chatter: 0, previous: 0 };
      const total = r.owned + r.earned + r.chatter;
      if (r.hour >= s.from.getTime()) {
        Object.assign(i, { count: i.count + total, owned: i.owned + r.owned, earned: i.earned + r.earned, chatter: i.chatter + r.chatter });
        const b = starts.filter((t) => t <= r.hour).length;
        series.set(`${r.item}|${b}`, (series.get(`${r.item}|${b}`) ?? 0) + total);
      } else i.previous += total;
      items.set(r.item, i);
    }
    const list = [...items.values()];
    const distinct = (f: (i: (typeof list)[number]) => boolean) => new Set(list.filter(f).map((i) => key(i.value))).size;
    return {
      items: list.sort((a, b) => a.value.localeCompare(b.value)),
      distinct: { now: distinct((i) => i.count > 0), previous: distinct((i) => i.previous > 0) },
      series: [...series]
        .filter(([, c]) => c > 0)
        .map(([k, count]) => ({ value: k.split('|')[0], bucket: Number(k.split('|')[1]), count }))
        .sort((a, b) => a.value.localeCompare(b.value) || a.bucket - b.bucket),
      posts: list.reduce((t, i) => t + i.count, 0),
    };
  }

  const cases: [string, string, string, DeepDivePeriod][] = [
    ['Africa/Johannesburg', '2024-01-29T00:00:00Z', '2024-03-04T00:00:00Z', 'weekly'],
    ['America/New_York', '2024-02-20T00:00:00Z', '2024-03-20T00:00:00Z', 'weekly'], // from a Tuesday; DST starts on 10 March
    ['Asia/Kolkata', '2024-02-01T00:00:00Z', '2024-02-08T00:00:00Z', 'daily'],
    ['UTC', '2024-01-20T00:00:00Z', '2024-03-01T00:00:00Z', 'daily'],
    ['Africa/Johannesburg', '2024-02-14T06:00:00Z', '2024-02-14T18:00:00Z', 'hourly'],
  ];
  for (const [tz, a, b, period] of cases)
    it(`gives every hour's answer: ${tz}, ${a.slice(0, 13)} to ${b.slice(0, 13)}, ${period}`, async () => {
      const s = scope(tz, a, b);
      const starts = startsOf(s, period);
      const want = expected(s, starts);
      expect(want.posts).toBeGreaterThan(0);
      const got = await overview(h.db, s, previousScope(s), 'hashtag', { limit: 10, starts, prefix: '#' });
      expect([...got.items].sort((x, y) => x.value.localeCompare(y.value))).toEqual(want.items);
      expect(got.distinct).toEqual(want.distinct);
      expect([...got.series].sort((x, y) => x.value.localeCompare(y.value) || x.bucket - y.bucket)).toEqual(want.series);
      expect(await posts(h.db, s, 'hashtag')).toBe(want.posts);
    });
});
