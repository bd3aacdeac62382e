import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';
import { inputProblem, MAX_LIST_ITEMS } from './input-guard.ts';

describe('input guard: characters no column can hold, and lists no query can bind', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: string) => t.app.inject({ method: 'POST', url: '/crm/api/user/login', headers: { 'content-type': 'application/json' }, payload });
  const expect400 = (res: { statusCode: number; json(): { message: string } }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  };

  it('answers a NUL byte in a body field with 400 naming the field, not a database error', async () => {
    expect400(await login('{"Username":"admin@demo.example\\u0000","Password":"demo-password"}'), 'Username contains a character that is not allowed');
    expect400(await login('{"Username":"admin@demo.example","Password":"demo\\u0000password"}'), 'Password contains a character that is not allowed');
  });

  it('answers a lone surrogate in a body field (raw JSON "\\ud800") with 400 naming the field', async () => {
    expect400(await login('{"Username":"\\ud800","Password":"demo-password"}'), 'Username contains a character that is not allowed');
    expect400(await login('{"Username":"admin@demo.example","Password":"x\\udc00y"}'), 'Password contains a character that is not allowed');
  });

  it('answers the same in a query string: %00, and percent-encoding that is not UTF-8 (%ED%A0%80, a lone surrogate)', async () => {
    const forgot = (email: string) => t.app.inject({ method: 'POST', url: `/api/user/forgotpassword?email=${email}` });
    expect400(await forgot('analyst%40demo.example%00'), 'email contains a character that is not allowed');
    expect400(await forgot('%ED%A0%80'), 'email contains a character that is not allowed');
    expect400(await forgot('%E0%A4'), 'email contains a character that is not allowed');
  });

  it('answers the same in a path parameter', async () => {
    const h = await authHeader(t.app, 'admin@demo.example');
    expect400(await t.app.inject({ method: 'GET', url: '/crm/api/project/1%00/products', headers: h }), 'id contains a character that is not allowed');
  });

  it('lets well-formed text through, characters outside the BMP (surrogate pairs) included', async () => {
    const res = await login(JSON.stringify({ Username: 'admin@demo.example', Password: 'wrong 😀 password' }));
    expect(res.statusCode).toBe(401);
    expect((await login(JSON.stringify({ Username: 'admin@demo.example', Password: 'demo-password' }))).statusCode).toBe(200);
  });

  it(`answers a list longer than ${MAX_LIST_ITEMS} items with 400 before any query binds it`, async () => {
    const h = await authHeader(t.app, 'analyst@demo.example');
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const res = await t.app.inject({ method: 'PUT', url: '/api/notification/seen', headers: h, payload: { ids } });
    expect400(res, `ids has 100000 items; at most ${MAX_LIST_ITEMS}`);
    // The database is still there.
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: h })).statusCode).toBe(200);
  });

  it('names nested fields and list items, and field names themselves', () => {
    expect(inputProblem({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b[1] contains a character that is not allowed');
    expect(inputProblem({ a: { 'k\u0000': 1 } })).toBe('A field name in a contains a character that is not allowed');
    expect(inputProblem('\uD800')).toBe('The request body contains a character that is not allowed');
    expect(inputProblem({ emoji: '😀', text: 'plain', n: 1, none: null })).toBeNull();
    // A body nested far deeper than any call stack: checked without recursion.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)).toMatch(/^\[0\]\[0\].*contains a character that is not allowed$/);
  });
});
