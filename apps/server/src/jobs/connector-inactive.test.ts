// The connector job and In-Active clients: nothing is collected for a client whose contract has
// ended. No connector reads with its profiles' tokens (the token is not even decrypted), X search
// is not built from its rules, and feeds named only by its url rules are not read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileToken } from '../crypto/profile-tokens.ts';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { migratedTestDb } from '../test/harness.ts';
import { buildConnectorSpecs, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('5a'.repeat(32)));
let h: DbHandle;
let live: SeededProject;
let ended: SeededProject;
const cfg: ConnectorJobConfig = { intervalMs: 60_000, xBearerToken: 'xt', baseUrls: {}, blogFeeds: [], tokenKeys: keys };

beforeAll(async () => {
  h = await migratedTestDb();
  for (const [name, word] of [
    ['Live Brand', 'livebrand'],
    ['Old Brand', 'oldbrand'],
  ] as const) {
    const p = await seedProject(h.db, {
      name,
      rules: [
        { bin: 'root', expression: word },
        { bin: 'root', kind: 'url', expression: `${word}.example.com/feed` },
      ],
    });
    const profile = await h.db
      .insertInto('profiles')
      .values({ project_id: p.projectId, stream_id: 8, external_id: `page-${word}`, name, handle: word })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setProfileToken(h.db, profile.id, `token-${word}`, keys);
    if (word === 'livebrand') live = p;
    else ended = p;
  }
  await h.db.updateTable('clients').set({ is_active: false }).where('id', '=', ended.clientId).execute();
});
afterAll(() => h?.close());

describe('connector job and In-Active clients', () => {
  it("runs no connector with an in-active client's tokens, and neither searches X nor reads feeds for its rules", async () => {
    const { specs, problems } = await buildConnectorSpecs(h.db, cfg);
    expect(problems).toEqual([]);
    const text = JSON.stringify(specs);
    expect(text).not.toContain('oldbrand');
    expect(specs.map((s) => [s.kind, s.ownerProjectId ?? null])).toEqual([
      ['x.search', null],
      ['facebook.page', live.projectId],
      ['blog.feed', null],
    ]);
    expect(specs.find((s) => s.kind === 'x.search')).toMatchObject({ key: `project:${live.projectId}:0` });
  });

  it('reads for the client again once it is active', async () => {
    await h.db.updateTable('clients').set({ is_active: true }).where('id', '=', ended.clientId).execute();
    const { specs } = await buildConnectorSpecs(h.db, cfg);
    expect(specs.filter((s) => s.kind === 'facebook.page').map((s) => s.ownerProjectId)).toEqual([live.projectId, ended.projectId]);
    expect(JSON.stringify(specs)).toContain('oldbrand.example.com/feed');
  });
});
