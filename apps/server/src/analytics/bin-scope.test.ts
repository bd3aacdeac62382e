// One scope (docs/dashboard.md, "One scope"): a sort bin set as the dashboard travels in the
// address to every project screen. The screens whose header names it (web project/bin-scope.ts)
// count that bin and nothing else, the same number the dashboard shows for it; the screens whose
// header says 'Whole project: …' read the same answer with the bin as without it.
import { describe, expect, it } from 'vitest';
import { analyticSuite, RANGE } from '../test/analytic-fixture.ts';

describe('a sort bin set as the dashboard, on every screen', () => {
  const ctx = analyticSuite(['analyst']);

  const read = async <T>(path: string, scope: 'project' | 'bin', extra = ''): Promise<T> => {
    const id = scope === 'bin' ? `projectId=${ctx.fx.projectId}&binId=${ctx.fx.productBinId}` : `projectId=${ctx.fx.projectId}`;
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/${path}?${id}&${RANGE}${extra}`, headers: ctx.as.analyst });
    expect(res.statusCode, `${path} (${scope}): ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const mentions = async (scope: 'project' | 'bin') => (await read<{ StreamId: number; Count: number }[]>('mentions/getall', scope)).at(-1)!.Count;
  type Compared = { Value: number };

  it("counts the bin's posts, as the dashboard does, on the screens whose header names the bin", async () => {
    const [project, bin] = [await mentions('project'), await mentions('bin')];
    expect(bin).toBeGreaterThan(0);
    expect(bin).toBeLessThan(project);
    /** The screen's count of posts for the whole project and for the bin. */
    const expectCounts = async <T>(path: string, figure: (answer: T) => number) => {
      expect(figure(await read<T>(path, 'project')), `${path}, whole project`).toBe(project);
      expect(figure(await read<T>(path, 'bin')), `${path}, the bin`).toBe(bin);
    };
    await expectCounts<{ Totals: { Total: Compared } }>('sentiment/rating', (a) => a.Totals.Total.Value);
    await expectCounts<{ Cards: { Total: Compared } }>('classification/getall', (a) => a.Cards.Total.Value);
    await expectCounts<{ Clips: Compared }>('topauthors/page', (a) => a.Clips.Value);
    await expectCounts<{ Located: Compared; Unlocated: Compared }>('worldmap/countries', (a) => a.Located.Value + a.Unlocated.Value);
    await expectCounts<{ Total: number }>('listing/posts', (a) => a.Total);
  });

  it('counts the bin on the Deep Dive too: its items are the bin posts’ items', async () => {
    const items = async (scope: 'project' | 'bin') =>
      Object.fromEntries(
        ((await read('deepdive/ownedcontent', scope, '&railType=hashtag')) as { Items: { Value: string; Count: number }[] }).Items.map((i) => [
          i.Value,
          i.Count,
        ]),
      );
    const [project, bin] = [await items('project'), await items('bin')];
    expect(Object.keys(bin).length).toBeGreaterThan(0);
    for (const [value, count] of Object.entries(bin)) expect(count).toBeLessThanOrEqual(project[value]);
    expect(bin).not.toEqual(project);
  });

  it("reads the whole project, bin or no bin, on the screens whose header says 'Whole project'", async () => {
    for (const path of ['competitor/getall', 'profile/followers/get']) expect(await read(path, 'bin'), path).toEqual(await read(path, 'project'));
  });
});
