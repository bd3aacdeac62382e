// The Top Authors page's kept people: grouping accounts into ranked people, and when a kept result
// is used, computed again or dropped.
import { describe, expect, it } from 'vitest';
import { groupPeople, KeptResults } from './range-people.ts';
import type { RangeAccount } from './queries.ts';

const account = (person: string, id: number, followers: number, clips: number, stream_id = 7): RangeAccount => ({
  person,
  id,
  name: `a${id}`,
  handle: null,
  stream_id,
  followers,
  clips,
});

describe('groupPeople', () => {
  const people = groupPeople([
    account('h:mila', 1, 100, 5, 7),
    account('h:mila', 2, 900, 1, 8),
    account('h:sam', 3, 1000, 1),
    account('h:zoe', 4, 10, 6),
    account('h:ann', 5, 10, 6),
  ]);

  it('counts people and their posts, one person per key with every account', () => {
    expect(people.count).toBe(4);
    expect(people.clips).toBe(19);
    const mila = people.page('followers', 0, 10).find((p) => p.key === 'h:mila')!;
    expect(mila).toMatchObject({ followers: 1000, clips: 6 });
    expect(mila.accounts.map((a) => a.id)).toEqual([2, 1]); // largest audience first
  });

  it('ranks by one figure, then the other, then the key', () => {
    // Sam and Mila both have 1,000 followers: Mila's 6 posts put her first.
    expect(people.page('followers', 0, 10).map((p) => p.key)).toEqual(['h:mila', 'h:sam', 'h:ann', 'h:zoe']);
    expect(people.page('clips', 0, 10).map((p) => p.key)).toEqual(['h:mila', 'h:ann', 'h:zoe', 'h:sam']);
  });

  it('answers an empty range', () => {
    expect(groupPeople([])).toMatchObject({ count: 0, clips: 0 });
    expect(groupPeople([]).page('clips', 0, 10)).toEqual([]);
  });
});

describe('KeptResults', () => {
  let clock = 0;
  const make = () => new KeptResults<string>({ keepMs: 1000, max: 2, now: () => clock });
  const counted = () => {
    let calls = 0;
    return { compute: async () => `v${++calls}`, calls: () => calls };
  };

  it('answers a key again while its marker holds and it is young enough', async () => {
    clock = 0;
    const kept = make();
    const c = counted();
    expect(await kept.get('k', 'm1', c.compute)).toBe('v1');
    clock = 999;
    expect(await kept.get('k', 'm1', c.compute)).toBe('v1');
    expect(c.calls()).toBe(1);
  });

  it('computes again when the marker changed or the entry lapsed', async () => {
    clock = 0;
    const kept = make();
    const c = counted();
    await kept.get('k', 'm1', c.compute);
    expect(await kept.get('k', 'm2', c.compute)).toBe('v2');
    clock = 1000;
    expect(await kept.get('k', 'm2', c.compute)).toBe('v3');
  });

  it('shares one computation between callers, drops a failed one, and keeps at most max keys', async () => {
    clock = 0;
    const kept = make();
    const c = counted();
    const [a, b] = await Promise.all([kept.get('k', 'm', c.compute), kept.get('k', 'm', c.compute)]);
    expect([a, b, c.calls()]).toEqual(['v1', 'v1', 1]);

    await expect(kept.get('bad', 'm', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await kept.get('bad', 'm', async () => 'fine')).toBe('fine');

    // 'k' used last before 'other' arrives: 'bad' (least recently used) goes.
    await kept.get('k', 'm', c.compute);
    await kept.get('other', 'm', async () => 'o');
    expect(await kept.get('bad', 'm', async () => 'again')).toBe('again');
    expect(await kept.get('other', 'm', async () => 'o2')).toBe('o');
    kept.clear();
    expect(await kept.get('other', 'm', async () => 'o3')).toBe('o3');
  });
});
