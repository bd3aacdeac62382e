import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { seedDemo } from '../seed/demo.ts';
import { migratedTestDb } from '../test/harness.ts';
import { GrantError } from './client.ts';
import { consumeState, createState, LINK_EXPIRED, LINK_INVALID, LINK_TTL_MS, readLink, signLink, STATE_USED } from './state.ts';

describe('grant states and links', () => {
  let h: DbHandle;
  let binding: { clientId: number; projectId: number; streamId: number; profileId: null };

  beforeAll(async () => {
    h = await migratedTestDb();
    const projects = await seedDemo(h.db);
    const p = await h.db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', projects['acme-brand']).executeTakeFirstOrThrow();
    binding = { clientId: p.client_id, projectId: p.id, streamId: 8, profileId: null };
  });
  afterAll(() => h.close());

  it('lets only one of two concurrent returns use a state', async () => {
    const { state } = await createState(h.db, {
      ...binding,
      userId: null,
      viaLink: true,
      browserNonceHash: null,
      codeVerifier: 'v',
      redirectUri: 'http://app.test/profile',
    });
    const results = await Promise.allSettled([consumeState(h.db, state), consumeState(h.db, state)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(GrantError);
    expect((refused.reason as Error).message).toBe(STATE_USED);
  });

  it('reads a link it signed until it expires, and refuses an edited one', async () => {
    const now = new Date();
    const link = await signLink(h.db, binding, now);
    expect(await readLink(h.db, link, now)).toEqual(binding);
    await expect(readLink(h.db, link, new Date(now.getTime() + LINK_TTL_MS + 1))).rejects.toThrow(LINK_EXPIRED);
    const [value, mac] = link.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(value, 'base64url').toString()), p: binding.projectId + 1 })).toString('base64url');
    await expect(readLink(h.db, `${other}.${mac}`, now)).rejects.toThrow(LINK_INVALID);
  });
});
