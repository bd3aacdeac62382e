// Where the server listens: loopback by default in demo mode, and never beyond it while demo users
// still have the published password, unless ALLOW_DEMO_EXPOSED=1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@listening/contract';
import { loadConfig } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import { exposureDecision, isLoopback } from './exposure.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { seedDemo, usersWithPublishedPassword } from './seed/demo.ts';
import { migratedTestDb } from './test/harness.ts';

const demoUsers = [
  { email: 'admin@demo.example', isAdmin: true },
  { email: 'viewer@demo.example', isAdmin: false },
];

describe('listening address', () => {
  it('listens on 127.0.0.1 in demo mode unless HOST is set, on every interface otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1'); // the embedded default is demo mode
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO: '1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).allowDemoExposed).toBe(false);
    expect(loadConfig({ ALLOW_DEMO_EXPOSED: '1' }).allowDemoExposed).toBe(true);
  });

  it('tells loopback addresses from the rest', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST', 'app.localhost'])
      expect([h, isLoopback(h)]).toEqual([h, true]);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', 'localhost.example.com', '::ffff:10.0.0.1', ''])
      expect([h, isLoopback(h)]).toEqual([h, false]);
  });

  it('refuses to listen beyond loopback while demo users have the published password, naming them and the way out', () => {
    const refused = exposureDecision({ host: '0.0.0.0', demoUsers, allowDemoExposed: false });
    expect(refused.start).toBe(false);
    const error = (refused as { error: string }).error;
    expect(error).toContain('Refusing to listen on 0.0.0.0 (HOST)');
    expect(error).toContain('admin@demo.example, viewer@demo.example still have the published demo password');
    expect(error).toContain('as an administrator');
    expect(error).toContain('ALLOW_DEMO_EXPOSED=1');
    expect(error).toContain('HOST=127.0.0.1');
    expect(exposureDecision({ host: '192.168.1.10', demoUsers: [demoUsers[1]], allowDemoExposed: false })).toMatchObject({ start: false });
  });

  it('starts on loopback, without demo passwords, or with ALLOW_DEMO_EXPOSED=1 (then with a warning)', () => {
    expect(exposureDecision({ host: '127.0.0.1', demoUsers, allowDemoExposed: false })).toEqual({ start: true });
    expect(exposureDecision({ host: '0.0.0.0', demoUsers: [], allowDemoExposed: false })).toEqual({ start: true });
    const allowed = exposureDecision({ host: '0.0.0.0', demoUsers, allowDemoExposed: true });
    expect(allowed.start).toBe(true);
    expect((allowed as { warning: string }).warning).toMatch(/ALLOW_DEMO_EXPOSED=1 although admin@demo.example, viewer@demo.example still have/);
  });
});

describe('demo users with the published password', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
    await seedDemo(h.db);
  });
  afterAll(() => h?.close());

  it('lists the seeded demo users until their passwords change', async () => {
    expect(await usersWithPublishedPassword(h.db)).toEqual([
      { email: 'admin@demo.example', isAdmin: true },
      { email: 'analyst@demo.example', isAdmin: false },
      { email: 'viewer@demo.example', isAdmin: false },
    ]);
    const changed = await hashPassword('a much better password');
    await h.db.updateTable('users').set({ password_hash: changed }).where('email', 'in', ['admin@demo.example', 'analyst@demo.example']).execute();
    expect(await usersWithPublishedPassword(h.db)).toEqual([{ email: 'viewer@demo.example', isAdmin: false }]);
  });

  it('finds the published password on any account, not only under the seeded emails', async () => {
    // A demo administrator renamed to a real-looking address, and a new account that chose the password.
    const published = await hashPassword(DEMO_PASSWORD);
    await h.db.updateTable('users').set({ email: 'ops@agency.example', password_hash: published }).where('email', '=', 'admin@demo.example').execute();
    await h.db.insertInto('users').values({ email: 'new.person@client.example', name: 'New', password_hash: published }).execute();
    expect(await usersWithPublishedPassword(h.db)).toEqual([
      { email: 'new.person@client.example', isAdmin: false },
      { email: 'ops@agency.example', isAdmin: true },
      { email: 'viewer@demo.example', isAdmin: false },
    ]);
  });
});
