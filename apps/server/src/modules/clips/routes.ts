import {
  ClipBinList,
  ClipBinsQuery,
  ClipChangeResult,
  ClipIdsQuery,
  ClipList,
  ClipListQuery,
  ClipPage,
  DuplicateGroups,
  DuplicatesQuery,
  ErrorBody,
  ListingExportQuery,
  RateClipsBody,
  RejectClipsBody,
  listingFileName,
} from '@listening/contract';
import { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import { resolveScope } from '../dashboard/scope.ts';
import { listingWorkbook } from './export.ts';
import { changeClips } from './rating.ts';
import * as clips from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['clips'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Main host: the clip tray (000 §2, §4, §5). */
export function clipRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/clip/getall', {
    schema: { tags, summary: 'Clips of a project or bin, newest first, 10 per step', querystring: ClipListQuery, response: { 200: ClipPage, ...errors } },
    handler: (req) => clips.listClips(db, currentUser(req), req.query),
  });
  app.get('/api/clip/getall/ids', {
    schema: { tags, summary: 'Clips of a bin by clip id (at most 100 per call)', querystring: ClipIdsQuery, response: { 200: ClipList, ...errors } },
    handler: (req) => clips.clipsByIds(db, currentUser(req), req.query.binId, req.query.clipIds),
  });
  app.get('/api/clip/getall/bins', {
    schema: { tags, summary: 'The bins of the given projects', querystring: ClipBinsQuery, response: { 200: ClipBinList, ...errors } },
    handler: (req) => clips.binsOfProjects(db, currentUser(req), req.query.projectIds),
  });
  app.put('/api/clip/favourability/update', {
    schema: { tags, summary: 'Rate clips Positive (1), Neutral (2) or Negative (3)', body: RateClipsBody, response: { 200: ClipChangeResult, ...errors } },
    handler: async (req) => ({
      Updated: await changeClips(db, currentUser(req), req.body.projectId, req.body.binClipBaseIds, { favourabilityId: req.body.favourabilityId }),
    }),
  });
  app.put('/api/clip/reject', {
    schema: { tags, summary: 'Reject clips as Irrelevant', body: RejectClipsBody, response: { 200: ClipChangeResult, ...errors } },
    handler: async (req) => ({ Updated: await changeClips(db, currentUser(req), req.body.projectId, req.body.binClipBaseIds, { reject: true }) }),
  });
  app.get('/api/clip/listing/export', {
    schema: {
      tags,
      summary: "The listing as 'Listing Report - {project}.xlsx' (streamed)",
      querystring: ListingExportQuery,
      produces: [XLSX],
      response: { 200: z.any().describe('xlsx file'), ...errors },
    },
    handler: async (req, reply) => {
      const s = await resolveScope(db, currentUser(req), req.query);
      const name = listingFileName(s.project.description);
      const stream = listingWorkbook(db, s, clips.listingFilters(s, req.query));
      return reply
        .type(XLSX)
        .header('Content-Disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(stream);
    },
  });
}

/** Main host, admins only: near-duplicate posts of the listing ('Identify duplicates', 000 §6). */
export function clipAdminRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireAdmin);
  app.get('/api/clip/duplicates', {
    schema: { tags, summary: 'Near-duplicate posts grouped (admins)', querystring: DuplicatesQuery, response: { 200: DuplicateGroups, ...errors } },
    handler: (req) => clips.duplicates(db, currentUser(req), req.query),
  });
}
