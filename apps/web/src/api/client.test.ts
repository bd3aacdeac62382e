// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { defineOperation } from '@listening/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { ApiError, call, download, getToken, operationUrl, setToken, setUnauthorizedHandler } from './client.ts';

const respond = (status: number, body?: string, type = 'application/json', statusText = '') =>
  vi.fn(async () => new Response(status === 204 ? null : (body ?? null), { status, statusText, headers: body !== undefined ? { 'content-type': type } : {} }));

// Small operations of the shapes the client meets, one per host.
const base = { summary: 'test', tags: ['test'] } as const;
const getThing = defineOperation({ ...base, host: 'main', method: 'GET', path: '/api/thing/get', access: 'user', response: z.object({ Id: z.number() }) });
const getText = defineOperation({ ...base, host: 'main', method: 'GET', path: '/api/thing/text', access: 'user', response: z.string() });
const removeThing = defineOperation({ ...base, host: 'main', method: 'DELETE', path: '/api/thing/delete', access: 'user', status: 204, response: z.null() });
const createThing = defineOperation({
  ...base,
  host: 'main',
  method: 'POST',
  path: '/api/thing/create',
  access: 'user',
  body: z.object({ Name: z.string() }),
  response: z.object({ ok: z.boolean() }),
});
const signIn = defineOperation({
  ...base,
  host: 'crm',
  method: 'POST',
  path: '/api/user/login',
  access: 'public',
  body: z.object({ Username: z.string(), Password: z.string() }),
  response: z.object({ access_token: z.string() }),
});
const productsOf = defineOperation({
  ...base,
  host: 'crm',
  method: 'POST',
  path: '/api/client/products/:clientId',
  access: 'user',
  params: z.object({ clientId: z.number() }),
  response: z.array(z.object({ ProductCode: z.string() })),
});
const tutorials = defineOperation({
  ...base,
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorial/getall/active',
  access: 'user',
  response: z.array(z.unknown()),
});
const deleteBin = defineOperation({
  ...base,
  host: 'keywords',
  method: 'PUT',
  path: '/api/bins/isdeleted',
  access: 'admin',
  query: z.object({ id: z.number(), isDeleted: z.boolean(), clientId: z.number(), skip: z.number().optional() }),
  response: z.object({ ok: z.boolean() }),
});
const mentions = defineOperation({
  ...base,
  host: 'main',
  method: 'GET',
  path: '/api/mentions/getall',
  access: 'user',
  query: z.object({ streamIds: z.array(z.number()) }),
  response: z.array(z.unknown()),
});
const idByEmail = defineOperation({
  ...base,
  host: 'main',
  method: 'POST',
  path: '/api/user/get/email',
  access: 'admin',
  body: z.object({ Email: z.string() }),
  response: z.object({ Id: z.number() }),
});
const exportListing = defineOperation({
  ...base,
  host: 'main',
  method: 'GET',
  path: '/api/clip/listing/export',
  access: 'user',
  query: z.object({ projectId: z.number().optional() }),
  response: z.string(),
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

describe('the API client', () => {
  let toast: MockInstance;
  beforeEach(() => {
    localStorage.clear();
    toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("builds the host's prefix + the operation's path, its parameters and its query string", () => {
    expect(operationUrl(getThing)).toBe('/api/thing/get');
    expect(operationUrl(signIn)).toBe('/crm/api/user/login');
    expect(operationUrl(productsOf, { params: { clientId: 7 } })).toBe('/crm/api/client/products/7');
    expect(operationUrl(tutorials)).toBe('/mentor/api/tutorial/getall/active');
    expect(operationUrl(deleteBin, { query: { id: 4, isDeleted: true, clientId: 1, skip: undefined } })).toBe(
      '/keywords/api/bins/isdeleted?id=4&isDeleted=true&clientId=1',
    );
    expect(operationUrl(mentions, { query: { streamIds: [7, 8] } })).toBe('/api/mentions/getall?streamIds=7%2C8');
  });

  it('sends the stored token as a bearer token and parses a JSON answer', async () => {
    setToken('abc');
    const fetchMock = respond(200, '{"Id":1}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(getThing, {})).resolves.toEqual({ Id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing/get');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('parses plain-text bodies and answers null for 204', async () => {
    vi.stubGlobal('fetch', respond(200, 'done', 'text/plain'));
    await expect(call(getText, {})).resolves.toBe('done');
    vi.stubGlobal('fetch', respond(204));
    await expect(call(removeThing, {})).resolves.toBeNull();
  });

  it('downloads a file as a Blob with the token, and sends a 401 to the login page', async () => {
    setToken('abc');
    const fetchMock = respond(200, 'PK-binary', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    vi.stubGlobal('fetch', fetchMock);
    const blob = await download(exportListing, { query: { projectId: 1 } });
    expect(await blob.text()).toBe('PK-binary');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/clip/listing/export?projectId=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');

    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, '{"message":"expired"}', 'application/json', 'Unauthorized'));
    await expect(download(exportListing, { query: {} })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('treats 201 and 202 as success', async () => {
    vi.stubGlobal('fetch', respond(201, '{"ok":true}'));
    await expect(call(createThing, { body: { Name: 'x' } })).resolves.toEqual({ ok: true });
    vi.stubGlobal('fetch', respond(202, '{"ok":true}'));
    await expect(call(createThing, { body: { Name: 'x' } })).resolves.toEqual({ ok: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('on 401 clears the token and sends the user to the login page, without a toast', async () => {
    setToken('stale');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, '{"message":"token expired"}', 'application/json', 'Unauthorized'));
    await expect(call(getThing, {})).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();
  });

  it('reads a 401 of a public operation (login) as an error to show instead of a lost session, and sends it no token', async () => {
    setToken('abc');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fetchMock = respond(401, '{"message":"Invalid email or password"}', 'application/json', 'Unauthorized');
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(signIn, { body: { Username: 'a@b.c', Password: 'x' } })).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('abc');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Unauthorized', message: 'Invalid email or password' }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/api/user/login');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(init.body as string)).toEqual({ Username: 'a@b.c', Password: 'x' });
  });

  it('throws an error carrying the status text on any other non-OK answer and shows it as an error toast', async () => {
    vi.stubGlobal('fetch', respond(500, 'boom', 'text/plain', 'Internal Server Error'));
    const error = await call(getThing, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusText).toBe('Internal Server Error');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Internal Server Error', message: 'boom' }));
  });

  it('stays silent for a quiet call, whose screen shows its own message', async () => {
    vi.stubGlobal('fetch', respond(404, '{"message":"nope"}', 'application/json', 'Not Found'));
    await expect(call(idByEmail, { body: { Email: 'a@b.c' } }, { quiet: true })).rejects.toMatchObject({ status: 404 });
    expect(toast).not.toHaveBeenCalled();
  });
});
