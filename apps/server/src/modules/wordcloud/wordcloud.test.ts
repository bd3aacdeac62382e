import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDCLOUD_MAX_ENTRIES } from '@listening/contract';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
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
    let t: TestContext;
    let fx: Fixture;
    let analyst: H;
    let viewer: H;
    const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';
    beforeAll(async () => {
      t = await createTestApp();
      fx = await insertFixture(t.db, t.projects['acme-brand']);
      [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    });
    afterAll(() => t.close());
    const call = async (method: 'GET' | 'POST', path: string, h: H = analyst, payload?: object) => {
      const res = await t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
      return { status: res.statusCode, body: res.json() };
    };
    const cloud = async () => (await call('GET', `wordcloud/getall?projectId=${fx.projectId}&${range}`)).body as { Value: string; Included?: boolean }[];
    const lists = async (h: H = analyst) => (await call('GET', `phrases/get?projectId=${fx.projectId}`, h)).body;

    it('lists both kinds, and removing an exclusion or an inclusion puts the word back as it was', async () => {
      const before = await cloud();
      expect(before.map((e) => e.Value)).toContain('cola');
      await call('POST', 'exclude', analyst, { projectId: fx.projectId, phrase: 'cola' });
      await call('POST', 'include', analyst, { projectId: fx.projectId, phrase: 'Too High' });
      expect(await lists()).toEqual([
        { Id: expect.any(Number), Phrase: 'cola', Kind: 'exclude' },
        { Id: expect.any(Number), Phrase: 'too high', Kind: 'include' },
      ]);
      const changed = await cloud();
      expect(changed.map((e) => e.Value)).not.toContain('cola');
      expect(changed.find((e) => e.Value === 'too high')).toMatchObject({ Included: true });

      expect((await call('POST', 'phrase/remove', analyst, { projectId: fx.projectId, phrase: 'cola' })).body).toEqual({ Removed: 1 });
      expect((await call('POST', 'phrase/remove', analyst, { projectId: fx.projectId, phrase: 'TOO HIGH ' })).body).toEqual({ Removed: 1 });
      expect((await call('POST', 'phrase/remove', analyst, { projectId: fx.projectId, phrase: 'cola' })).body).toEqual({ Removed: 0 });
      expect(await lists()).toEqual([]);
      expect(await cloud()).toEqual(before);
    });

    it('refuses a removal without a phrase (400 naming it) and hides another client’s lists (404)', async () => {
      const bad = await call('POST', 'phrase/remove', analyst, { projectId: fx.projectId, phrase: ' ' });
      expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/phrase is required/)]);
      await call('POST', 'exclude', analyst, { projectId: fx.projectId, phrase: 'cola' });
      expect((await call('GET', `phrases/get?projectId=${fx.projectId}`, viewer)).status).toBe(404);
      expect((await call('POST', 'phrase/remove', viewer, { projectId: fx.projectId, phrase: 'cola' })).status).toBe(404);
      expect((await lists()).map((p: { Phrase: string }) => p.Phrase)).toEqual(['cola']);
    });
  });
});
