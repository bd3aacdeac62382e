import { createInfluencer, deleteInfluencer, getInfluencerComparison, getInfluencers, getTopAuthorsPage } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as influencers from './service.ts';

/**
 * Main host: influencer discovery. The specification gives these paths without a prefix
 * (getall, create, delete); ours is /api/influencer/ (docs/dashboard.md). Also influencer
 * comparison and the Top Authors page, where authors are added to discovery.
 */
export function influencerRoutes(route: Route, { db }: Deps): void {
  route(getInfluencers, ({ user, query }) => influencers.listInfluencers(db, user, query.projectId));
  route(createInfluencer, ({ user, query }) => influencers.createInfluencer(db, user, query));
  route(deleteInfluencer, async ({ user, query }) => {
    await influencers.deleteInfluencer(db, user, query.id);
    return { ok: true };
  });
  route(getInfluencerComparison, ({ user, query }) => influencers.compareInfluencers(db, user, query));
  route(getTopAuthorsPage, ({ user, query }) => influencers.topAuthorsPage(db, user, query));
}
