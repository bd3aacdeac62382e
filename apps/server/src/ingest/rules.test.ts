// The rule loader and In-Active clients: their contract has ended, so nothing is collected for
// them. Their projects drop out of the rule set (rules and owned profiles alike), so no post is
// filed under them, and they come back the moment the client is active again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import { migratedTestDb } from '../test/harness.ts';
import { ingestPosts } from './pipeline.ts';
import { invalidateRules, loadRuleSet } from './rules.ts';
import { makePost, seedProject, type SeededProject } from './testing.ts';

let h: DbHandle;
let active: SeededProject;
let ended: SeededProject;

beforeAll(async () => {
  h = await migratedTestDb();
  active = await seedProject(h.db, { name: 'Live Brand', rules: [{ bin: 'root', expression: 'cola' }] });
  ended = await seedProject(h.db, {
    name: 'Old Brand',
    rules: [{ bin: 'root', expression: 'cola OR retro' }],
    profile: { streamId: 7, externalId: 'old-1', handle: 'oldbrand' },
  });
  await h.db.updateTable('clients').set({ is_active: false }).where('id', '=', ended.clientId).execute();
  invalidateRules(h.db);
});
afterAll(() => h?.close());

const projectsOf = async (externalId: string) =>
  (
    await sql<{
      project_id: number;
    }>`select distinct bc.project_id from bin_clips bc join clips c on c.id = bc.clip_id where c.external_id = ${externalId} order by 1`.execute(h.db)
  ).rows.map((r) => r.project_id);

describe('rule set and In-Active clients', () => {
  it("leaves an in-active client's projects, rules and owned profiles out of the rule set", async () => {
    const rs = await loadRuleSet(h.db);
    expect([...rs.projects.keys()]).toEqual([active.projectId]);
    expect(new Set([...rs.targets.values()].map((t) => t.projectId))).toEqual(new Set([active.projectId]));
  });

  it('files no post under an in-active client, whether by its rules or by its owned profile', async () => {
    await ingestPosts(h.db, [
      makePost('cola and retro vibes', { externalId: 'both' }),
      makePost('only retro here', { externalId: 'retro' }),
      makePost('hello from the brand', { externalId: 'owned', author: { externalId: 'old-1', name: 'Old Brand', handle: 'oldbrand', followers: 10 } }),
    ]);
    expect(await projectsOf('both')).toEqual([active.projectId]);
    expect(await projectsOf('retro')).toEqual([]);
    expect(await projectsOf('owned')).toEqual([]);
  });

  it('matches its rules again once the client is active', async () => {
    await h.db.updateTable('clients').set({ is_active: true }).where('id', '=', ended.clientId).execute();
    invalidateRules(h.db);
    await ingestPosts(h.db, [makePost('retro is back', { externalId: 'again' })]);
    expect(await projectsOf('again')).toEqual([ended.projectId]);
  });
});
