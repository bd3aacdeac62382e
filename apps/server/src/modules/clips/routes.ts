import { XLSX_MEDIA_TYPE, exportListing, getClipBins, getClips, getClipsByIds, getDuplicates, rateClips, rejectClips, restoreClips } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { contentDisposition } from './export.ts';
import { changeClips } from './rating.ts';
import * as clips from './service.ts';

/** Main host: the clip tray and, for admins, 'Identify duplicates'. */
export function clipRoutes(route: Route, { db }: Deps): void {
  route(getClips, ({ user, query }) => clips.listClips(db, user, query));
  route(getClipsByIds, ({ user, query }) => clips.clipsByIds(db, user, query.binId, query.clipIds));
  route(getClipBins, ({ user, query }) => clips.binsOfProjects(db, user, query.projectIds));
  route(rateClips, async ({ user, body }) => ({
    Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { favourabilityId: body.favourabilityId }),
  }));
  route(rejectClips, async ({ user, body }) => ({ Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { reject: true }) }));
  route(restoreClips, async ({ user, body }) => ({ Updated: await changeClips(db, user, body.projectId, body.binClipBaseIds, { restore: true }) }));
  route(exportListing, async ({ user, query, reply }) => {
    const { fileName, stream } = await clips.listingExport(db, user, query);
    return reply.type(XLSX_MEDIA_TYPE).header('Content-Disposition', contentDisposition(fileName)).send(stream);
  });
  route(getDuplicates, ({ user, query }) => clips.duplicates(db, user, query));
}
