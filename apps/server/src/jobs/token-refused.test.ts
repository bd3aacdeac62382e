// A token the network refuses while collecting (Graph's code 190, a 401) is marked invalid at once,
// through the token check's own path, instead of being tried again on every run until the 6-hourly
// token check (docs/connectors.md, "Refused tokens"): the project's contacts and the admins are
// told once, and no later run calls the network with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { FB_VERSION, startFacebookFake } from '../networks/facebook/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import type { CursorValue, PageOutcome } from '../ingest/connectors/index.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject } from '../ingest/testing.ts';
import { linkBrandPage } from '../test/facebook-page.ts';
import { migratedTestDb } from '../test/harness.ts';
import { runConnectorTick, watchToken } from './connectors.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await migratedTestDb();
});
afterAll(() => h?.close());

const notice = { publicUrl: 'http://app.test', smtp: false };
const noted = () =>
  h.db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['users.email', 'notifications.description'])
    .orderBy('notifications.id')
    .execute();

describe('a refused token', () => {
  it('marks the profile invalid after one run, tells its contacts and the admins once, and is not used again', async () => {
    const keys = keyring(parseTokenKey('56'.repeat(32)));
    const users = await h.db
      .insertInto('users')
      .values([
        { email: 'admin@example.com', name: 'Admin', is_admin: true },
        { email: 'contact@example.com', name: 'Contact', is_admin: false },
      ])
      .returning('id')
      .execute();
    const p = await seedProject(h.db, { name: 'Brand SA', streamIds: [8] });
    await h.db.insertInto('client_contacts').values({ client_id: p.clientId, user_id: users[1].id }).execute();
    const profileId = await linkBrandPage(h.db, p.projectId, 'revoked-page-token', keys, 'Brand SA page');
    await h.db.updateTable('profiles').set({ token_valid: true }).where('id', '=', profileId).execute();
    invalidateRules(h.db);

    // The page's token was revoked at Facebook: Graph answers 400 with code 190.
    const fb = await startFacebookFake({ token: 'the-new-token' });
    const cfg = { intervalMs: 0, xBearerToken: null, baseUrls: { graph: fb.url + FB_VERSION }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
    const log = { info() {}, warn() {} };
    const withToken = () => fb.requests.filter((r) => r.headers.authorization === 'Bearer revoked-page-token').length;

    const first = await runConnectorTick(h.db, cfg, { log, http: fakeClock(), notice, networks: ['facebook'] });
    expect(first).toMatchObject([{ connector: 'facebook.page', ended: 'stopped', reason: 'token_invalid' }]);
    expect(withToken()).toBe(1);
    const row = await h.db.selectFrom('profiles').select(['token_valid', 'token_error']).where('id', '=', profileId).executeTakeFirstOrThrow();
    expect(row).toEqual({ token_valid: false, token_error: 'token_invalid: Invalid OAuth access token - Cannot parse access token' });
    const told = await noted();
    expect(told.map((n) => n.email).sort()).toEqual(['admin@example.com', 'contact@example.com']);
    expect(told.find((n) => n.email === 'contact@example.com')?.description).toBe(
      'The Facebook access token of Brand SA page (Brand SA) is no longer valid. Grant access again in Access Token Management.',
    );
    expect(told.find((n) => n.email === 'admin@example.com')?.description).toBe(
      'Facebook refused the access token of Brand SA page (Brand SA): it is marked invalid and not used until access is granted again. Facebook said: token_invalid: Invalid OAuth access token - Cannot parse access token',
    );
    // The contact's mail went to the outbox, once.
    expect(await h.db.selectFrom('mail_outbox').select('subject').execute()).toEqual([
      { subject: 'Facebook access for Brand SA page needs to be granted again' },
    ]);

    // A day later: the token is not tried again, and no one is told twice.
    const later = await runConnectorTick(h.db, cfg, { log, http: fakeClock(), notice, networks: ['facebook'], now: () => Date.now() + 86_400_000 });
    await fb.close();
    expect(later).toEqual([]);
    expect(withToken()).toBe(1);
    expect(await noted()).toHaveLength(2);
  });

  it("stops the profile's other connectors of the same run before they call", async () => {
    const refused = new Set<number>();
    let calls = 0;
    let told = 0;
    const refusing = {
      name: 'facebook.comments',
      key: 'k',
      fetchPage: async (): Promise<PageOutcome> => {
        calls++;
        return { page: { posts: [], skipped: [] }, cursor: {} as CursorValue, next: 'stop', reason: 'token_invalid', detail: 'revoked' };
      },
    };
    const a = watchToken(refusing, 7, refused, async () => void told++);
    const b = watchToken({ ...refusing, key: 'other' }, 7, refused, async () => void told++);
    expect(await a.fetchPage(null)).toMatchObject({ next: 'stop', reason: 'token_invalid' });
    expect(await b.fetchPage({ after: 'x' })).toMatchObject({ next: 'stop', reason: 'token_invalid', cursor: { after: 'x' } });
    expect({ calls, told }).toEqual({ calls: 1, told: 1 });
  });
});
