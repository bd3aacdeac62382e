import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTOR_GUIDE_FILE, MENTOR_VIDEO_FILE } from '../../seed/mentor.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { byteRange, sniffMentorFile, storedName } from './files.ts';

type H = { authorization: string };

/** A multipart/form-data body with one file part. */
function multipart(fileName: string, type: string, bytes: Buffer) {
  const boundary = '----mentorboundary7MA4YWxk';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('mentor tutorials', () => {
  let t: TestContext;
  let analyst: H;
  let viewer: H;
  let admin: H;
  let ids: Record<'analyst' | 'viewer', number>;
  const get = (url: string, headers?: H) => t.app.inject({ method: 'GET', url, headers });
  const tutorialsByTitle = async () =>
    new Map(((await get('/mentor/api/tutorial/getall/active', analyst)).json() as { Id: number; Title: string }[]).map((x) => [x.Title, x.Id]));

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer, admin] = await Promise.all(['analyst', 'viewer', 'admin'].map((w) => authHeader(t.app, `${w}@demo.example`)));
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = {
      analyst: users.find((u) => u.email === 'analyst@demo.example')!.id,
      viewer: users.find((u) => u.email === 'viewer@demo.example')!.id,
    };
  });
  afterAll(() => t.close());

  it('lists the platforms and the active tutorials, of one platform when asked', async () => {
    const platforms = (await get('/mentor/api/platform/getall', viewer)).json() as { Id: number; Name: string }[];
    expect(platforms.map((p) => p.Name)).toContain('Listening web app');
    const all = (await get('/mentor/api/tutorial/getall/active', viewer)).json() as { Title: string; StepCount: number; PlatformName: string }[];
    expect(all.map((x) => x.Title)).toEqual(['Your project dashboard', 'Reaction lists', 'Workflow board', 'Linking social accounts']);
    expect(all[0].StepCount).toBe(4);
    const facebook = platforms.find((p) => p.Name === 'Facebook')!;
    const some = (await get(`/mentor/api/tutorial/getall/active?platformId=${facebook.Id}`, viewer)).json() as { Title: string }[];
    expect(some.map((x) => x.Title)).toEqual(['Linking social accounts']);
    expect((await get('/mentor/api/tutorial/getall/active')).statusCode).toBe(401);
  });

  it('finds the tutorials for a screen by its path, and none where there is none', async () => {
    const titles = async (path: string) =>
      ((await get(`/mentor/api/tutorial/getall/pageLocation?pathName=${encodeURIComponent(path)}`, viewer)).json() as { Title: string }[]).map((x) => x.Title);
    expect(await titles('/client/3/project/12/reaction-lists')).toEqual(['Reaction lists']);
    expect(await titles('/client/3/project/12')).toEqual(['Your project dashboard']);
    expect(await titles('/client/3/project/12/')).toEqual(['Your project dashboard']);
    expect(await titles('/client/3/project/12/reaction-list/wordbin/7/workflow')).toEqual(['Workflow board']);
    expect(await titles('/clients')).toEqual([]);
    const bad = await get('/mentor/api/tutorial/getall/pageLocation?pathName=clients', viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/pathName must be a path of the app/);
  });

  it('answers a tutorial with its steps, documents and videos, each also on its own call', async () => {
    const id = (await tutorialsByTitle()).get('Workflow board')!;
    const detail = (await get(`/mentor/api/tutorial/get?tutorialId=${id}`, viewer)).json();
    expect(detail.Steps.map((s: { StepNumber: number }) => s.StepNumber)).toEqual([1, 2, 3]);
    expect(detail.Documents).toEqual([
      expect.objectContaining({ FileName: MENTOR_GUIDE_FILE, MediaType: 'application/pdf', Url: `/mentor/api/download/${MENTOR_GUIDE_FILE}` }),
    ]);
    expect(detail.Videos).toEqual([expect.objectContaining({ FileName: MENTOR_VIDEO_FILE, MediaType: 'video/webm' })]);
    expect((await get(`/mentor/api/tutorialstep/getall?tutorialId=${id}`, viewer)).json()).toEqual(detail.Steps);
    expect((await get(`/mentor/api/tutorialdocument/getall?tutorialId=${id}`, viewer)).json()).toEqual(detail.Documents);
    expect((await get(`/mentor/api/tutorialvideo/getall?tutorialId=${id}`, viewer)).json()).toEqual(detail.Videos);
    expect((await get(`/mentor/api/tutorialvideo/get?tutorialVideoId=${detail.Videos[0].Id}`, viewer)).json()).toEqual(detail.Videos[0]);
    expect((await get(`/mentor/api/tutorialvideo/get?tutorialVideoId=${detail.Documents[0].Id}`, viewer)).statusCode).toBe(404);
    expect((await get('/mentor/api/tutorial/get?tutorialId=999999', viewer)).statusCode).toBe(404);
    expect((await get('/mentor/api/tutorial/get?tutorialId=abc', viewer)).statusCode).toBe(400);
  });

  it('serves a file by name, framable by the app only, and refuses a name with a path in it', async () => {
    const pdf = await get(`/mentor/api/download/${MENTOR_GUIDE_FILE}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(pdf.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const video = await get(`/mentor/api/download/${MENTOR_VIDEO_FILE}`);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.headers['accept-ranges']).toBe('bytes');
    // A player's seek: a part of the file, and the whole file for a range that cannot be given.
    const part = await t.app.inject({ method: 'GET', url: `/mentor/api/download/${MENTOR_VIDEO_FILE}`, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${video.rawPayload.length}`);
    expect([...part.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const beyond = await t.app.inject({ method: 'GET', url: `/mentor/api/download/${MENTOR_VIDEO_FILE}`, headers: { range: 'bytes=999999999-' } });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.rawPayload.length).toBe(video.rawPayload.length);
    // Every other answer still refuses to be framed.
    expect((await get('/mentor/api/platform/getall', viewer)).headers['x-frame-options']).toBe('DENY');

    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x..y.pdf', 'guide%5C..%5Cx.pdf', 'sub%2Fguide.pdf']) {
      const res = await get(`/mentor/api/download/${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(/without a folder or path/);
    }
    // A path that climbs out of the route altogether never reaches it.
    expect((await get('/mentor/api/download/%2E%2E')).statusCode).toBe(404);
    expect((await get('/mentor/api/download/missing.pdf')).statusCode).toBe(404);
    // The document viewer asks with HEAD before framing a file: there or not, nothing downloaded.
    const head = await t.app.inject({ method: 'HEAD', url: `/mentor/api/download/${MENTOR_GUIDE_FILE}` });
    expect([head.statusCode, head.headers['content-type'], head.rawPayload.length]).toEqual([200, 'application/pdf', 0]);
    expect((await t.app.inject({ method: 'HEAD', url: '/mentor/api/download/missing.pdf' })).statusCode).toBe(404);
  });

  it('registers a contact, moves them by step number and completes the tutorial', async () => {
    const id = (await tutorialsByTitle()).get('Reaction lists')!;
    const reg = await t.app.inject({ method: 'POST', url: `/mentor/api/insertRegistration?tutorialId=${id}&contactId=${ids.viewer}`, headers: viewer });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ TutorialId: id, ContactId: ids.viewer, StepNumber: 1, StepCount: 3, IsCompleted: false });
    const again = await t.app.inject({ method: 'POST', url: `/mentor/api/insertRegistration?tutorialId=${id}&contactId=${ids.viewer}`, headers: viewer });
    expect(again.json().Id).toBe(reg.json().Id);

    const move = (step: string) =>
      t.app.inject({ method: 'PUT', url: `/mentor/api/tutorialcontact/update?tutorialContactId=${reg.json().Id}&stepNumber=${step}`, headers: viewer });
    expect((await move('3')).json()).toMatchObject({ StepNumber: 3 });
    expect((await move('2')).json()).toMatchObject({ StepNumber: 2 });
    for (const bad of ['4', '0', '-1', '1.5', 'two']) expect((await move(bad)).statusCode, bad).toBe(400);
    expect((await move('4')).json().message).toBe("stepNumber must be between 1 and 3 (the tutorial's steps), got 4");
    const mine = (await get(`/mentor/api/tutorialcontact/get?contactId=${ids.viewer}`, viewer)).json();
    expect(mine).toEqual([expect.objectContaining({ TutorialId: id, StepNumber: 2, IsCompleted: false })]);

    const done = await t.app.inject({ method: 'PUT', url: `/mentor/api/update/complete?id=${reg.json().Id}`, headers: viewer });
    expect(done.json()).toMatchObject({ IsCompleted: true, StepNumber: 3 });
    expect(done.json().DateCompleted).not.toBeNull();
  });

  it("never shows or moves another contact's registration", async () => {
    const theirs = (await get(`/mentor/api/tutorialcontact/get?contactId=${ids.analyst}`, analyst)).json();
    expect(theirs).toEqual([expect.objectContaining({ TutorialTitle: 'Your project dashboard', StepNumber: 2 })]);
    expect((await get(`/mentor/api/tutorialcontact/get?contactId=${ids.analyst}`, viewer)).statusCode).toBe(404);
    const id = theirs[0].Id;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/mentor/api/tutorialcontact/update?tutorialContactId=${id}&stepNumber=1`, headers: viewer })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/mentor/api/update/complete?id=${id}`, headers: viewer })).statusCode).toBe(404);
    const tutorialId = theirs[0].TutorialId;
    const forSomeoneElse = await t.app.inject({
      method: 'POST',
      url: `/mentor/api/insertRegistration?tutorialId=${tutorialId}&contactId=${ids.analyst}`,
      headers: viewer,
    });
    expect(forSomeoneElse.statusCode).toBe(404);
    // Nothing moved: the analyst is where they were, and the viewer was not registered.
    expect((await get(`/mentor/api/tutorialcontact/get?contactId=${ids.analyst}`, analyst)).json()).toEqual(theirs);
    const row = await t.db
      .selectFrom('tutorial_contacts')
      .select('id')
      .where('tutorial_id', '=', tutorialId)
      .where('user_id', '=', ids.viewer)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // An admin may read anyone's progress.
    expect((await get(`/mentor/api/tutorialcontact/get?contactId=${ids.analyst}`, admin)).json()).toEqual(theirs);
  });

  it('lets only admins manage tutorials and upload files', async () => {
    const body = {
      Id: null,
      PlatformId: 1,
      Title: 'x',
      Description: '',
      PageLocation: null,
      IsActive: true,
      Steps: [{ Title: 'a', Body: '' }],
      Documents: [],
      Videos: [],
    };
    expect((await t.app.inject({ method: 'POST', url: '/mentor/api/tutorial/save', headers: analyst, payload: body })).statusCode).toBe(403);
    expect((await get('/mentor/api/tutorial/getall', analyst)).statusCode).toBe(403);
    expect((await get('/mentor/api/file/getall', analyst)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/mentor/api/tutorial/delete?tutorialId=1', headers: analyst })).statusCode).toBe(403);
    const up = multipart('guide.pdf', 'application/pdf', PDF);
    expect(
      (await t.app.inject({ method: 'POST', url: '/mentor/api/file/upload', headers: { ...analyst, ...up.headers }, payload: up.payload })).statusCode,
    ).toBe(403);
    expect(await t.db.selectFrom('tutorials').select('id').where('title', '=', 'x').executeTakeFirst()).toBeUndefined();
  });

  it('uploads a file with its type read from the bytes, and names it itself', async () => {
    const upload = (name: string, type: string, bytes: Buffer) => {
      const body = multipart(name, type, bytes);
      return t.app.inject({ method: 'POST', url: '/mentor/api/file/upload', headers: { ...admin, ...body.headers }, payload: body.payload });
    };
    const ok = await upload('../../Team Guide.PDF', 'text/html', PDF);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ MediaType: 'application/pdf', Kind: 'document', Size: PDF.length });
    expect(ok.json().FileName).toMatch(/^team-guide-[0-9a-f]{8}\.pdf$/);
    const html = await upload('guide.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('A tutorial file must be a PDF document or an MP4 or WebM video');
    const empty = await upload('guide.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/mentor/api/file/upload', headers: admin, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const files = (await get('/mentor/api/file/getall', admin)).json() as { FileName: string }[];
    expect(files.map((f) => f.FileName)).toEqual(expect.arrayContaining([ok.json().FileName, MENTOR_GUIDE_FILE, MENTOR_VIDEO_FILE]));
    expect(files.length).toBe(3);
  });

  it('saves a whole tutorial, or nothing when any part is wrong', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('tutorials')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const save = (payload: unknown) => t.app.inject({ method: 'POST', url: '/mentor/api/tutorial/save', headers: admin, payload: payload as object });
    const draft = {
      Id: null,
      PlatformId: 1,
      Title: '  Sort bins ',
      Description: 'Folders for posts.',
      PageLocation: '/client/*/project/*/sort-bins',
      IsActive: false,
      Steps: [
        { Title: 'Open Sort Bins', Body: 'From the side menu.' },
        { Title: 'Add a folder', Body: 'Give it rules.' },
      ],
      Documents: [{ Title: 'Guide', FileName: MENTOR_GUIDE_FILE }],
      Videos: [],
    };
    for (const [bad, message] of [
      [{ ...draft, Documents: [{ Title: 'Guide', FileName: 'nope.pdf' }] }, "There is no file named 'nope.pdf': upload it first"],
      [{ ...draft, Documents: [{ Title: 'Guide', FileName: '../secret.pdf' }] }, 'fileName must be a file name like user-guide.pdf, without a folder or path'],
      [{ ...draft, Videos: [{ Title: 'Guide', FileName: MENTOR_GUIDE_FILE }] }, `'${MENTOR_GUIDE_FILE}' is not a video`],
      [{ ...draft, Steps: [] }, 'A tutorial needs at least one step'],
      [{ ...draft, PlatformId: 9999 }, 'PlatformId 9999 is not a platform'],
      [{ ...draft, PageLocation: 'reaction lists' }, 'PageLocation must be a path of the app'],
      [{ ...draft, Id: 999999 }, 'Tutorial not found'],
    ] as const) {
      const res = await save(bad);
      expect(res.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, message).toBeLessThan(500);
      expect(res.json().message, message).toContain(message);
    }
    expect(Number(await count())).toBe(before);

    const created = await save(draft);
    expect(created.statusCode).toBe(200);
    const id = created.json().Id;
    expect(created.json()).toMatchObject({
      Title: 'Sort bins',
      IsActive: false,
      StepCount: 2,
      Documents: [expect.objectContaining({ FileName: MENTOR_GUIDE_FILE })],
    });
    // A draft: admins see it, contacts do not.
    expect((await get(`/mentor/api/tutorial/get?tutorialId=${id}`, analyst)).statusCode).toBe(404);
    expect((await get('/mentor/api/tutorial/getall', admin)).json().map((x: { Id: number }) => x.Id)).toContain(id);
    expect((await tutorialsByTitle()).has('Sort bins')).toBe(false);

    // Published, with a contact at step 2; then cut to one step: the contact stays on the last one.
    await save({ ...draft, Id: id, IsActive: true });
    const reg = (
      await t.app.inject({ method: 'POST', url: `/mentor/api/insertRegistration?tutorialId=${id}&contactId=${ids.analyst}`, headers: analyst })
    ).json();
    await t.app.inject({ method: 'PUT', url: `/mentor/api/tutorialcontact/update?tutorialContactId=${reg.Id}&stepNumber=2`, headers: analyst });
    const cut = await save({ ...draft, Id: id, IsActive: true, Steps: [draft.Steps[0]] });
    expect(cut.json().StepCount).toBe(1);
    const mine = (await get(`/mentor/api/tutorialcontact/get?contactId=${ids.analyst}`, analyst)).json() as { TutorialId: number; StepNumber: number }[];
    expect(mine.find((r) => r.TutorialId === id)?.StepNumber).toBe(1);

    const del = await t.app.inject({ method: 'DELETE', url: `/mentor/api/tutorial/delete?tutorialId=${id}`, headers: admin });
    expect(del.json()).toEqual({ ok: true });
    expect((await get(`/mentor/api/tutorial/get?tutorialId=${id}`, admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/mentor/api/tutorial/delete?tutorialId=${id}`, headers: admin })).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('target', '=', `tutorial:${id}`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['tutorial.delete', 'tutorial.save', 'tutorial.save', 'tutorial.save']);
  });
});

describe('mentor files', () => {
  it('reads one byte range of a Range header, or none', () => {
    expect(byteRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(byteRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(byteRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
    expect(byteRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    for (const bad of [undefined, '', 'bytes=-', 'bytes=5-2', 'bytes=10-', 'bytes=0-1,4-5', 'items=0-1', 'bytes=abc-'])
      expect(byteRange(bad, 10), String(bad)).toBeNull();
  });

  it('tells PDF, MP4 and WebM apart by their first bytes, and nothing else', () => {
    expect(sniffMentorFile(new Uint8Array(PDF))).toBe('application/pdf');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(8)]);
    expect(sniffMentorFile(new Uint8Array(mp4))).toBe('video/mp4');
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(8)]);
    expect(sniffMentorFile(new Uint8Array(webm))).toBe('video/webm');
    expect(sniffMentorFile(new Uint8Array(Buffer.from('<svg onload=alert(1)>')))).toBeNull();
    expect(sniffMentorFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('names a stored file from the upload name without its path, with the type its bytes are', () => {
    expect(storedName('../../etc/passwd', 'application/pdf')).toMatch(/^etc-passwd-[0-9a-f]{8}\.pdf$/);
    expect(storedName('Tour.exe', 'video/mp4')).toMatch(/^tour-[0-9a-f]{8}\.mp4$/);
    expect(storedName(undefined, 'video/webm')).toMatch(/^file-[0-9a-f]{8}\.webm$/);
  });
});
