import { describe, expect, it } from 'vitest';
import { WORDCLOUD_MAX_ENTRIES } from '@listening/contract';
import { analyticSuite, RANGE } from '../../test/analytic-fixture.ts';
import { withIncluded } from './service.ts';

type H = { authorization: string };

describe('word cloud phrases', () => {
  it('gives every included phrase found a place and marks it, however rare, and fills the rest by count', () => {
    const counts = new Map(Array.from({ length: 150 }, (_, i): [string, number] => [`word${i}`, 1000 - i]));
    const cloud = withIncluded(
      counts,
      new Map([
        ['too high', 2],
        ['never seen', 0],
      ]),
    );
    expect(cloud).toHaveLength(WORDCLOUD_MAX_ENTRIES);
    expect(cloud.filter((e) => e.Included)).toEqual([{ Value: 'too high', Count: 2, Included: true }]);
    expect(cloud.at(-1)).toEqual({ Value: 'too high', Count: 2, Included: true });
    expect(cloud.find((e) => e.Value === 'never seen')).toBeUndefined();
    expect(cloud.filter((e) => !e.Included).map((e) => e.Value)).toEqual(Array.from({ length: 99 }, (_, i) => `word${i}`));
  });

  describe('over the API', () => {
    const range = RANGE;
    const ctx = analyticSuite(['analyst', 'viewer']);
    const call = async (method: 'GET' | 'POST', path: string, h: H = ctx.as.analyst, payload?: object) => {
      const res = await ctx.t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
      return { status: res.statusCode, body: res.json() };
    };
    const cloud = async () => (await call('GET', `wordcloud/getall?projectId=${ctx.fx.projectId}&${range}`)).body as { Value: string; Included?: boolean }[];
    const lists = async (h: H = ctx.as.analyst) => (await call('GET', `phrases/get?projectId=${ctx.fx.projectId}`, h)).body;

    it('lists both kinds, and removing an exclusion or an inclusion puts the word back as it was', async () => {
      const before = await cloud();
      expect(before.map((e) => e.Value)).toContain('cola');
      await call('POST', 'exclude', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'cola' });
      await call('POST', 'include', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'Too High' });
      expect(await lists()).toEqual([
        { Id: expect.any(Number), Phrase: 'cola', Kind: 'exclude' },
        { Id: expect.any(Number), Phrase: 'too high', Kind: 'include' },
      ]);
      const changed = await cloud();
      expect(changed.map((e) => e.Value)).not.toContain('cola');
      expect(changed.find((e) => e.Value === 'too high')).toMatchObject({ Included: true });

      expect((await call('POST', 'phrase/remove', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'cola' })).body).toEqual({ Removed: 1 });
      expect((await call('POST', 'phrase/remove', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'TOO HIGH ' })).body).toEqual({ Removed: 1 });
      expect((await call('POST', 'phrase/remove', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'cola' })).body).toEqual({ Removed: 0 });
      expect(await lists()).toEqual([]);
      expect(await cloud()).toEqual(before);
    });

    it('refuses a removal without a phrase (400 naming it) and hides another client’s lists (404)', async () => {
      const bad = await call('POST', 'phrase/remove', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: ' ' });
      expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/phrase is required/)]);
      await call('POST', 'exclude', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'cola' });
      expect((await call('GET', `phrases/get?projectId=${ctx.fx.projectId}`, ctx.as.viewer)).status).toBe(404);
      expect((await call('POST', 'phrase/remove', ctx.as.viewer, { projectId: ctx.fx.projectId, phrase: 'cola' })).status).toBe(404);
      expect((await lists()).map((p: { Phrase: string }) => p.Phrase)).toEqual(['cola']);
    });
  });
});
