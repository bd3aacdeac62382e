import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_BACKGROUND_MAX_BYTES } from '@listening/contract';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { saveWordBin } from '../../test/word-bin-fixture.ts';
import { sniffImageType } from './board.ts';

type Headers = { authorization: string };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR rest of a tiny png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/** A multipart/form-data body with one file part. */
function multipart(fileName: string, type: string, bytes: Buffer) {
  const boundary = '----h6boundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe("a board's background image", () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let boardId: number;

  const upload = (fileName: string, type: string, bytes: Buffer, headers: Headers = analyst) => {
    const body = multipart(fileName, type, bytes);
    return t.app.inject({ method: 'PUT', url: `/api/board/${boardId}/background`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    // A list saved by the analyst comes with its board.
    const saved = await saveWordBin(t.app, analyst, { Description: 'Board bin', ProjectId: t.projects['acme-brand'], keyword: 'board' });
    if (saved.statusCode !== 200) throw new Error(saved.body);
    boardId = (await t.app.inject({ method: 'GET', url: `/api/workflow/get/wordbin/?wordBinId=${saved.json().Id}`, headers: analyst })).json().Id;
  });
  afterAll(() => t.close());

  it('knows png, jpeg and webp by their first bytes, and nothing else', () => {
    expect([PNG, JPEG, WEBP].map((b) => sniffImageType(b))).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });

  it('stores a PNG named .jpg as the PNG it is, and serves it back with that type and nosniff', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/board/${boardId}`, headers: analyst })).json();
    expect(before).toMatchObject({ Id: boardId, Description: 'Board bin', Background: null });
    expect(before.Members.map((m: { Name: string }) => m.Name)).toContain('Thandi Analyst');

    const res = await upload('holiday.jpg', 'image/jpeg', PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().Background).toMatch(new RegExp(`^/api/board/${boardId}/background\\?v=\\d+$`));
    const image = await t.app.inject({ method: 'GET', url: res.json().Background, headers: analyst });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: res.json().Background, headers: viewer })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, or too large, keeping the image it had', async () => {
    const html = await upload('cat.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('The background must be a PNG, JPEG or WebP image');
    const big = await upload('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(BOARD_BACKGROUND_MAX_BYTES)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The image is larger than 2 MB: choose a smaller one');
    const empty = await upload('none.png', 'image/png', Buffer.alloc(0));
    expect(empty.json().message).toBe('Choose an image file to upload as the background');
    const json = await t.app.inject({ method: 'PUT', url: `/api/board/${boardId}/background`, headers: analyst, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    const image = await t.app.inject({ method: 'GET', url: `/api/board/${boardId}/background`, headers: analyst });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it("refuses another client's user before reading the file (404), changing nothing", async () => {
    const res = await upload('x.webp', 'image/webp', WEBP, viewer);
    expect(res.statusCode).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: `/api/board/${boardId}/background`, headers: analyst });
    expect(image.headers['content-type']).toBe('image/png');
  });
});
