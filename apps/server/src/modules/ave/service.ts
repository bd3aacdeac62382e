// Ave calc's: how AVE is computed for a project (the formula's figures, the client's CPM per
// stream, one of the project's posts worked through), and changing a client's CPM (admins).
// A change revalues the client's stored posts at once, in the same transaction as the new table,
// so every figure (dashboards, listings, exports) reads the new rate from the moment it is saved;
// collection uses it from then on too (the cached rule set is dropped). Posts being stored in
// that instant, by a batch matched just before, may keep the old rate until they are seen again
// (docs/ingestion.md, "AVE and impact").
import { CURRENCY, INGEST_STREAM_IDS } from '@listening/contract';
import type * as C from '@listening/contract';
import type { z } from 'zod';
import { assertClientAccess, projectForUser } from '../../access/index.ts';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { forbidden, notFound } from '../../errors.ts';
import { DEFAULT_CPM, IMPRESSIONS_PER_INTERACTION, ORGANIC_REACH, cpmFor, interactions } from '../../ingest/ave.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { revalueClientPosts } from '../../ledger/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type CpmTable = Record<string, number>;
const num = (v: unknown) => Number(v ?? 0);

export async function getAveSettings(db: Db, user: AuthUser, projectId: number): Promise<z.input<typeof C.AveSettings>> {
  const project = await projectForUser(db, user, projectId);
  const client = await q.clientCpm(db, project.client_id);
  if (!client) throw notFound(`Project ${projectId} not found`);
  const cpm = (client.cpm as CpmTable | null) ?? null;
  const streams = (project.stream_ids ?? []).map(Number);
  const post = project.bin_id === null ? undefined : await q.latestValuedPost(db, project.bin_id);
  const e = post && {
    streamId: post.stream_id,
    followers: num(post.followers),
    likes: num(post.likes),
    comments: num(post.comments),
    shares: num(post.shares),
    views: num(post.views),
  };
  return {
    ClientId: client.id,
    ClientName: client.name,
    Currency: CURRENCY,
    ImpressionsPerInteraction: IMPRESSIONS_PER_INTERACTION,
    Streams: INGEST_STREAM_IDS.map((id) => ({
      StreamId: id,
      Cpm: cpmFor(id, cpm),
      DefaultCpm: DEFAULT_CPM[id] ?? cpmFor(id, null),
      IsCustom: typeof cpm?.[String(id)] === 'number',
      OrganicReach: ORGANIC_REACH[id] ?? 0.05,
      InProject: streams.includes(id),
    })),
    Example:
      post && e
        ? {
            ClipId: Number(post.id),
            StreamId: post.stream_id,
            AuthorName: post.author_name ?? '',
            Body: post.body.slice(0, 280),
            DatePosted: post.posted_at.toISOString(),
            Followers: e.followers,
            Likes: e.likes,
            Comments: e.comments,
            Shares: e.shares,
            Views: e.views,
            Interactions: interactions(e),
            Impressions: num(post.impressions),
            Cpm: cpmFor(post.stream_id, cpm),
            AVE: post.ave,
          }
        : null,
    CanEdit: user.isAdmin,
  };
}

/** Sets some streams' CPM (null: back to the default) and revalues the client's stored posts. */
export async function updateCpm(db: Db, user: AuthUser, body: z.output<typeof C.UpdateCpmBody>): Promise<z.input<typeof C.UpdateCpmResult>> {
  if (!user.isAdmin) throw forbidden("Only administrators may change a client's CPM");
  await assertClientAccess(db, user, body.clientId);
  const client = await q.clientCpm(db, body.clientId);
  if (!client) throw notFound(`Client ${body.clientId} not found`);
  const before = (client.cpm as CpmTable | null) ?? {};
  const after: CpmTable = { ...before };
  for (const c of body.cpm) {
    if (c.cpm === null) delete after[String(c.streamId)];
    else after[String(c.streamId)] = Math.round(c.cpm * 100) / 100;
  }
  // Only streams whose rate in use moved are revalued (a custom rate equal to the default moves nothing).
  const changes = INGEST_STREAM_IDS.map((id) => ({ streamId: id, from: cpmFor(id, before), to: cpmFor(id, after) })).filter((c) => c.from !== c.to);
  const revalued = await db.transaction().execute(async (trx) => {
    await q.setClientCpm(trx, client.id, Object.keys(after).length ? after : null);
    const n = await revalueClientPosts(
      trx,
      client.id,
      changes.map((c) => ({ streamId: c.streamId, cpm: c.to })),
    );
    await audit(trx, { actor: user, action: 'client.cpm', target: `client:${client.id}`, detail: { changes, postsRevalued: n } });
    return n;
  });
  invalidateRules(db);
  return { PostsRevalued: revalued };
}
