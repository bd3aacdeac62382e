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
  let marker = 'm1';
  const current = async () => marker;
  const make = () => new KeptResults<string>({ keepMs: 1000, max: 2, now: () => clock });
  const counted = () => {
    let calls = 0;
    let markers = 0;
    return {
      compute: async () => ({ value: `v${++calls}`, marker }),
      marker: async () => (markers++, marker),
      calls: () => calls,
      markers: () => markers,
    };
  };

  it('answers a key again while its marker holds and it is young enough; a first request reads no marker', async () => {
    [clock, marker] = [0, 'm1'];
    const kept = make();
    const c = counted();
    expect(await kept.get('k', c.marker, c.compute)).toBe('v1');
    expect(c.markers()).toBe(0); // the computation's own marker is kept
    clock = 999;
    expect(await kept.get('k', c.marker, c.compute)).toBe('v1');
    expect([c.calls(), c.markers()]).toEqual([1, 1]);
  });

  it('computes again when the marker changed or the entry lapsed', async () => {
    [clock, marker] = [0, 'm1'];
    const kept = make();
    const c = counted();
    await kept.get('k', current, c.compute);
    marker = 'm2';
    expect(await kept.get('k', current, c.compute)).toBe('v2');
    expect(await kept.get('k', current, c.compute)).toBe('v2');
    clock = 1000;
    expect(await kept.get('k', current, c.compute)).toBe('v3');
  });

  it('shares one computation between callers, drops a failed one, and keeps at most max keys', async () => {
    [clock, marker] = [0, 'm'];
    const kept = make();
    const c = counted();
    const [a, b] = await Promise.all([kept.get('k', current, c.compute), kept.get('k', current, c.compute)]);
    expect([a, b, c.calls()]).toEqual(['v1', 'v1', 1]);

    await expect(kept.get('bad', current, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await kept.get('bad', current, async () => ({ value: 'fine', marker }))).toBe('fine');

    // 'k' used last before 'other' arrives: 'bad' (least recently used) goes.
    await kept.get('k', current, c.compute);
    await kept.get('other', current, async () => ({ value: 'o', marker }));
    expect(await kept.get('bad', current, async () => ({ value: 'again', marker }))).toBe('again');
    expect(await kept.get('other', current, async () => ({ value: 'o2', marker }))).toBe('o');
    kept.clear();
    expect(await kept.get('other', current, async () => ({ value: 'o3', marker }))).toBe('o3');
  });

  it('tells onDrop of each value it drops, after the turn in which its callers used it', async () => {
    [clock, marker] = [0, 'm1'];
    const dropped: string[] = [];
    const kept = new KeptResults<string>({ keepMs: 1000, max: 2, now: () => clock, onDrop: (v) => dropped.push(v) });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const c = counted();
    await kept.use('k', current, c.compute, (v) => v);
    marker = 'm2';
    // Replaced (its marker moved): the caller of the new value uses it before the old one is told.
    expect(await kept.use('k', current, c.compute, (v) => [v, [...dropped]])).toEqual(['v2', []]);
    await turn();
    expect(dropped).toEqual(['v1']);
    // Beyond max, and cleared.
    await kept.use(
      'a',
      current,
      async () => ({ value: 'a1', marker }),
      (v) => v,
    );
    await kept.use(
      'b',
      current,
      async () => ({ value: 'b1', marker }),
      (v) => v,
    );
    await turn();
    expect(dropped).toEqual(['v1', 'v2']);
    kept.clear();
    expect(dropped).toEqual(['v1', 'v2']);
    await turn();
    expect(dropped.sort()).toEqual(['a1', 'b1', 'v1', 'v2']);
    // Dropped while it was computed: its caller still gets it, and onDrop hears of it afterwards.
    let finish: (v: { value: string; marker: string }) => void = () => undefined;
    const pending = kept.use(
      'late',
      current,
      () => new Promise((resolve) => (finish = resolve)),
      (v) => v,
    );
    kept.clear();
    finish({ value: 'late1', marker });
    expect(await pending).toBe('late1');
    expect(dropped).not.toContain('late1');
    await turn();
    expect(dropped).toContain('late1');
  });
});
