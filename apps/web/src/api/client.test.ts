// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError, api, apiUrl, getToken, setToken, setUnauthorizedHandler } from './client.ts';

const respond = (status: number, body?: string, type = 'application/json', statusText = '') =>
  vi.fn(async () => new Response(status === 204 ? null : (body ?? null), { status, statusText, headers: body !== undefined ? { 'content-type': type } : {} }));

describe('the API client', () => {
  let toast: MockInstance;
  beforeEach(() => {
    localStorage.clear();
    toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
  });
  afterEach(() => vi.restoreAllMocks());

  it('builds prefix + /api/ + the catalogue path for each host', () => {
    expect(apiUrl('main', 'client/getall')).toBe('/api/client/getall');
    expect(apiUrl('main', '/api/client/getall')).toBe('/api/client/getall');
    expect(apiUrl('crm', '/api/user/login')).toBe('/crm/api/user/login');
    expect(apiUrl('mentor', 'tutorial/getall/active')).toBe('/mentor/api/tutorial/getall/active');
    expect(apiUrl('keywords', 'bins/isdeleted', { id: 4, isDeleted: true, clientId: 1, skip: undefined })).toBe('/keywords/api/bins/isdeleted?id=4&isDeleted=true&clientId=1');
    expect(apiUrl('main', 'mentions/getall', { streamIds: [7, 8] })).toBe('/api/mentions/getall?streamIds=7%2C8');
  });

  it('sends the stored token as a bearer token and parses a JSON answer', async () => {
    setToken('abc');
    const fetchMock = respond(200, '{"Id":1}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('user/get')).resolves.toEqual({ Id: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('parses plain-text bodies and answers null for 204', async () => {
    vi.stubGlobal('fetch', respond(200, 'done', 'text/plain'));
    await expect(api.get('x')).resolves.toBe('done');
    vi.stubGlobal('fetch', respond(204));
    await expect(api.get('x')).resolves.toBeNull();
  });

  it('downloads a file as a Blob with the token, and sends a 401 to the login page', async () => {
    setToken('abc');
    const fetchMock = respond(200, 'PK-binary', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    vi.stubGlobal('fetch', fetchMock);
    const blob = await api.download('clip/listing/export', { query: { projectId: 1 } });
    expect(await blob.text()).toBe('PK-binary');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/clip/listing/export?projectId=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');

    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, '{"message":"expired"}', 'application/json', 'Unauthorized'));
    await expect(api.download('clip/listing/export')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('treats 201 and 202 as success', async () => {
    vi.stubGlobal('fetch', respond(201, '{"ok":true}'));
    await expect(api.post('x')).resolves.toEqual({ ok: true });
    vi.stubGlobal('fetch', respond(202, '{"ok":true}'));
    await expect(api.post('x')).resolves.toEqual({ ok: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('on 401 clears the token and sends the user to the login page, without a toast', async () => {
    setToken('stale');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, '{"message":"token expired"}', 'application/json', 'Unauthorized'));
    await expect(api.get('client/getall')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();
  });

  it('lets login read a 401 as an error to show instead of a lost session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, '{"message":"Invalid email or password"}', 'application/json', 'Unauthorized'));
    await expect(api.post('user/login', {}, { host: 'crm', unauthorized: 'throw' })).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Unauthorized', message: 'Invalid email or password' }));
  });

  it('throws an error carrying the status text on any other non-OK answer and shows it as an error toast', async () => {
    vi.stubGlobal('fetch', respond(500, 'boom', 'text/plain', 'Internal Server Error'));
    const error = await api.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusText).toBe('Internal Server Error');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Internal Server Error', message: 'boom' }));
  });

  it('stays silent for a quiet call, whose screen shows its own message', async () => {
    vi.stubGlobal('fetch', respond(404, '{"message":"nope"}', 'application/json', 'Not Found'));
    await expect(api.post('user/get/email', { Email: 'a@b.c' }, { quiet: true })).rejects.toMatchObject({ status: 404 });
    expect(toast).not.toHaveBeenCalled();
  });
});
