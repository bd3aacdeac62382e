import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };

describe('posts added to an input bin', () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let inputBin: number;
  let sortBin: number;
  let rootBin: number;
  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    const bins = await t.db.selectFrom('bins').select(['id', 'name']).where('project_id', '=', t.projects['acme-brand']).execute();
    inputBin = bins.find((b) => b.name === 'Manual uploads')!.id;
    sortBin = bins.find((b) => b.name === 'Customer service')!.id;
    rootBin = (await t.db.selectFrom('projects').select('bin_id').where('id', '=', t.projects['acme-brand']).executeTakeFirstOrThrow()).bin_id!;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Headers = analyst) => t.app.inject({ method: 'POST', url, headers, payload });
  const binClips = (binId: number) =>
    t.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['clips.body', 'clips.external_id', 'clips.posted_at', 'bin_clips.ave', 'bin_clips.favourability_id', 'bin_clips.stream_id'])
      .where('bin_clips.bin_id', '=', binId)
      .orderBy('clips.body')
      .execute();
  const rollupClips = async (binId: number) =>
    Number(
      (
        await t.db
          .selectFrom('bin_hourly')
          .select((eb) => eb.fn.sum<number>('clips').as('n'))
          .where('bin_id', '=', binId)
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );

  it('stores a post added by hand as a clip of the project, enriched, valued and counted in the rollups', async () => {
    const body = {
      binId: inputBin,
      streamId: 8,
      author: 'Lerato M',
      text: 'Acme service was terrible, I am so disappointed',
      datePosted: '2024-04-02 09:15',
      likes: 10,
      followers: 2000,
    };
    const res = await post('/api/subfolder/post/add', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Received: 1, Added: 1, AlreadyInBin: 0 });
    const [stored] = await binClips(inputBin);
    expect(stored).toMatchObject({ body: body.text, stream_id: 8, favourability_id: 3 });
    // 2024-04-02 09:15 in Johannesburg (UTC+2).
    expect(stored.posted_at.toISOString()).toBe('2024-04-02T07:15:00.000Z');
    // AVE at Facebook's default CPM: max(0, 2000 × 6% + 10 × 25) = 370 impressions → 370 / 1000 × R45.
    expect(stored.ave).toBe(16.65);
    expect((await binClips(rootBin)).some((c) => c.body === body.text)).toBe(true);
    // It also meets the Customer service sort bin's rule (acme AND service …), as a collected post would.
    expect((await binClips(sortBin)).some((c) => c.body === body.text)).toBe(true);
    expect(await rollupClips(inputBin)).toBe(1);

    const again = await post('/api/subfolder/post/add', body);
    expect(again.json()).toEqual({ Received: 1, Added: 0, AlreadyInBin: 1 });
    expect(await rollupClips(inputBin)).toBe(1);
  });

  it('refuses a post the project cannot hold, naming the problem', async () => {
    const base = { binId: inputBin, streamId: 7, author: '@someone', text: 'hello', datePosted: '2024-04-02' };
    const message = async (payload: object, url = '/api/subfolder/post/add') => {
      const res = await post(url, { ...base, ...payload });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await message({ streamId: 12 })).toBe('This project does not listen to TikTok: choose one of X, Facebook, Instagram, YouTube, LinkedIn');
    expect(await message({ datePosted: '2024-02-30' })).toBe("datePosted: The date must be a date from 2000 on, like 2024-05-01 14:30, got '2024-02-30'");
    expect(await message({ datePosted: '2999-01-01' })).toBe('The date 2999-01-01 is in the future');
    expect(await message({ link: 'javascript:alert(1)' })).toBe("link: The link must start with http:// or https://, got 'javascript:alert(1)'");
    expect(await message({ text: '   ' })).toBe('Please enter the text of the post');
    expect(await message({ binId: sortBin })).toBe('Customer service is a sort bin: posts are added by hand to input bins only');
    expect((await post('/api/subfolder/post/add', base, viewer)).statusCode).toBe(404);
  });

  it('adds every post of a CSV file, or none when a row has a problem, listing rows by number', async () => {
    const before = await binClips(inputBin);
    const bad = [
      'Network,Author,Date,Text,Link,Likes',
      'X,@thandi,2024-04-03 10:00,"Fresh, cold and tasty",https://x.com/thandi/status/9,3',
      'Fax,@bob,2024-04-03,Hello,,',
      'Facebook,Carol,03/04/2024,"Multi',
      'line"",quoted",,many',
    ].join('\r\n');
    const refused = await post('/api/subfolder/post/upload', { binId: inputBin, csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Nothing was added: 2 rows have problems. Row 3: Network 'Fax' is not one of X, Facebook, Instagram, YouTube, LinkedIn, TikTok, Blog. " +
        "Row 4: Likes must be a whole number, got 'many'; The date must be a date from 2000 on, like 2024-05-01 14:30, got '03/04/2024'.",
    );
    expect(await binClips(inputBin)).toEqual(before);

    const noText = await post('/api/subfolder/post/upload', { binId: inputBin, csv: 'Network,Author,Date\nX,a,2024-01-01' });
    expect(noText.json().message).toBe('Nothing was added: the file cannot be read. The header row has no Text column.');
    const tiktok = await post('/api/subfolder/post/upload', { binId: inputBin, csv: 'Network,Author,Date,Text\nTikTok,a,2024-01-01,hi' });
    expect(tiktok.json().message).toBe(
      'Nothing was added: 1 row has a problem. Row 2: This project does not listen to TikTok: choose one of X, Facebook, Instagram, YouTube, LinkedIn.',
    );
    const huge = await post('/api/subfolder/post/upload', { binId: inputBin, csv: 'x'.repeat(500_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('csv: The file is larger than 500,000 characters: split it into smaller files');

    const good = [
      '\uFEFFnetwork,author,date,text,link',
      'X,@thandi,2024-04-03 10:00,"Fresh, cold and tasty",https://x.com/thandi/status/9',
      '',
      'instagram,Sipho,2024-04-04,"He said ""wow"""',
    ].join('\n');
    const res = await post('/api/subfolder/post/upload', { binId: inputBin, csv: good });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Received: 2, Added: 2, AlreadyInBin: 0 });
    const bodies = (await binClips(inputBin)).map((c) => c.body);
    expect(bodies).toEqual(expect.arrayContaining(['Fresh, cold and tasty', 'He said "wow"']));
    expect(await rollupClips(inputBin)).toBe(3);
    expect((await post('/api/subfolder/post/upload', { binId: inputBin, csv: good })).json()).toEqual({ Received: 2, Added: 0, AlreadyInBin: 2 });
  });

  it("keeps each client's post, author and engagement its own when two clients add the same post by the same author", async () => {
    // Karoo Outdoor Co. (the viewer's client) takes the Input Bins product (with Sort Bins) for this.
    const karoo = viewer;
    const karooBins = await t.db
      .selectFrom('bins')
      .select(['id', 'client_id'])
      .where('project_id', '=', t.projects['karoo-brand'])
      .where('name', '=', 'Manual uploads')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('client_products')
      .values(['KPIB10', 'KPOZ10'].map((product_code) => ({ client_id: karooBins.client_id, product_code })))
      .execute();
    const karooInput = karooBins.id;
    const same = { streamId: 7, text: 'Karoo and Acme at the trail run today', datePosted: '2024-05-01 08:00', link: 'https://x.com/trailrunner/status/77' };
    const acmePost = { ...same, binId: inputBin, author: '@TrailRunner', followers: 120, likes: 3 };
    const karooPost = { ...same, binId: karooInput, author: '@trailrunner', followers: 98_000, likes: 4_000 };
    const stored = (binId: number) =>
      t.db
        .selectFrom('bin_clips')
        .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
        .innerJoin('authors', 'authors.id', 'clips.author_id')
        .select(['clips.id as clipId', 'clips.likes', 'authors.id as authorId', 'authors.name', 'authors.followers'])
        .where('bin_clips.bin_id', '=', binId)
        .where('clips.body', '=', same.text)
        .executeTakeFirstOrThrow();

    expect((await post('/api/subfolder/post/add', acmePost)).json()).toEqual({ Received: 1, Added: 1, AlreadyInBin: 0 });
    expect((await post('/api/subfolder/post/add', karooPost, karoo)).json()).toEqual({ Received: 1, Added: 1, AlreadyInBin: 0 });
    const [acme, theirs] = [await stored(inputBin), await stored(karooInput)];
    expect(acme).toMatchObject({ name: '@TrailRunner', followers: 120, likes: 3 });
    expect(theirs).toMatchObject({ name: '@trailrunner', followers: 98_000, likes: 4_000 });
    expect(theirs.clipId).not.toBe(acme.clipId);
    expect(theirs.authorId).not.toBe(acme.authorId);

    // Karoo adds it again with other figures: its own rows change, Acme's do not.
    await post('/api/subfolder/post/add', { ...karooPost, author: '@TRAILRUNNER', followers: 5, likes: 1 }, karoo);
    expect(await stored(karooInput)).toMatchObject({ name: '@TRAILRUNNER', followers: 5, likes: 1 });
    expect(await stored(inputBin)).toEqual(acme);
    // Nothing Karoo typed is filed under Acme, nor the other way round.
    const projectsOf = async (clipId: number) =>
      (await t.db.selectFrom('bin_clips').select('project_id').distinct().where('clip_id', '=', clipId).execute()).map((r) => r.project_id);
    expect(await projectsOf(acme.clipId)).toEqual([t.projects['acme-brand']]);
    expect(await projectsOf(theirs.clipId)).toEqual([t.projects['karoo-brand']]);
  });
});
