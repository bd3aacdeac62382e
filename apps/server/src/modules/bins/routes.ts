import {
  addBinPost,
  createSubBin,
  deleteProject,
  deleteSubBin,
  listSubBins,
  renameProject,
  renameSubBin,
  updateBinRules,
  uploadBinPosts,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as posts from './manual-posts.ts';
import * as bins from './service.ts';
import * as subBins from './sub-bins.ts';

/**
 * Keywords host: rename and soft-delete a project through its root bin (admins). Main host: a
 * project's sort bins and input bins (Sort Bins / Input Bins in the side menu) and the posts added
 * to input bins by hand or from a file.
 */
export function binRoutes(route: Route, { db }: Deps): void {
  route(renameProject, ({ user, query }) => bins.renameBin(db, user, query.binId, query.binName));
  route(deleteProject, ({ user, query }) => bins.setBinDeleted(db, user, query.id, query.clientId, query.isDeleted));

  route(listSubBins, ({ user, query }) => subBins.listSubBins(db, user, query));
  route(createSubBin, ({ user, body }) => subBins.createSubBin(db, user, body));
  route(renameSubBin, ({ user, body }) => subBins.renameSubBin(db, user, body.binId, body.name));
  route(updateBinRules, ({ user, body }) => subBins.updateBinRules(db, user, body.binId, body.rules));
  route(addBinPost, ({ user, body }) => posts.addBinPost(db, user, body));
  route(uploadBinPosts, ({ user, body }) => posts.uploadBinPosts(db, user, body.binId, body.csv));
  route(deleteSubBin, ({ user, query }) => subBins.deleteSubBin(db, user, query.binId));
}
