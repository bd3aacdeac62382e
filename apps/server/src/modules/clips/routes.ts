import {
  XLSX_MEDIA_TYPE,
  exportListing,
  getClipBins,
  getClips,
  getClipsByIds,
  getDuplicates,
  getNewClipCount,
  rateClips,
  rateMatchingClips,
  rejectClips,
  rejectMatchingClips,
  restoreClips,
  restoreMatchingClips,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { changeClips } from './rating.ts';
import * as clips from './service.ts';

/** Main host: the clip tray and, for admins, 'Identify duplicates'. */
export function clipRoutes(route: Route, { db }: Deps): void {
  route(getClips, ({ user, query }) => clips.listClips(db, user, query));
  route(getClipsByIds, ({ user, query }) => clips.clipsByIds(db, user, query.binId, query.clipIds));
  // With binIds: the clips of those bins in the range (tree view); with projectIds: the projects' bins.
  route(getClipBins, ({ user, query }) => (query.binIds ? clips.clipsOfBins(db, user, query) : clips.binsOfProjects(db, user, query.projectIds!)));
  route(rateClips, async ({ user, body }) => ({
    Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { favourabilityId: body.favourabilityId }),
  }));
  route(rejectClips, async ({ user, body }) => ({ Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { reject: true }) }));
  route(restoreClips, async ({ user, body }) => ({ Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { restore: true }) }));
  route(getNewClipCount, ({ user, query }) => clips.newClipCount(db, user, query));
  // 'Select all': the same changes, applied to every post of the listing's filter as of its snapshot.
  route(rateMatchingClips, async ({ user, body }) => {
    const { projectId, ids } = await clips.matchingIds(db, user, body, false, 'rated');
    return { Updated: await changeClips(db, user, projectId, ids, { favourabilityId: body.newFavourabilityId }) };
  });
  route(rejectMatchingClips, async ({ user, body }) => {
    const { projectId, ids } = await clips.matchingIds(db, user, body, false, 'rejected');
    return { Updated: await changeClips(db, user, projectId, ids, { reject: true }) };
  });
  route(restoreMatchingClips, async ({ user, body }) => {
    const { projectId, ids } = await clips.matchingIds(db, user, body, true, 'restored');
    return { Updated: await changeClips(db, user, projectId, ids, { restore: true }) };
  });
  route(exportListing, async ({ user, query, reply }) => {
    const { fileName, stream } = await clips.listingExport(db, user, query);
    return reply.type(XLSX_MEDIA_TYPE).header('Content-Disposition', contentDisposition(fileName)).send(stream);
  });
  route(getDuplicates, ({ user, query }) => clips.duplicates(db, user, query));
}
