import { ErrorBody, IdQuery, Influencer, InfluencerCreateQuery, InfluencerList, ProjectIdQuery } from '@listening/contract';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import * as influencers from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['influencer discovery'];

/**
 * Main host: influencer discovery. The specification gives these paths without a prefix
 * (getall, create, delete); ours is /api/influencer/ (docs/dashboard.md).
 */
export function influencerRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/influencer/getall', {
    schema: { tags, summary: "The project's influencer entries with days remaining", querystring: ProjectIdQuery, response: { 200: InfluencerList, ...errors } },
    handler: (req) => influencers.listInfluencers(db, currentUser(req), req.query.projectId),
  });
  app.post('/api/influencer/create', {
    schema: { tags, summary: 'Add an author to influencer discovery', querystring: InfluencerCreateQuery, response: { 200: Influencer, ...errors } },
    handler: (req) => influencers.createInfluencer(db, currentUser(req), req.query),
  });
  app.delete('/api/influencer/delete', {
    schema: { tags, summary: 'Remove an influencer entry', querystring: IdQuery, response: { 200: z.object({ ok: z.boolean() }), ...errors } },
    handler: async (req) => {
      await influencers.deleteInfluencer(db, currentUser(req), req.query.id);
      return { ok: true };
    },
  });
}
