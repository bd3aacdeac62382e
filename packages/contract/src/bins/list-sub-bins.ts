import { AnalyticQuery, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SubBinList, zSubBinTypeId } from './model.ts';

/**
 * The project and the Filter's range and streams: each bin's posts are counted over them, as the
 * dashboard's sort-bin tree and the Tree View count them (a binId is ignored: every bin is listed).
 */
export const SubBinListQuery = AnalyticQuery.safeExtend({ projectId: zId, binTypeId: zSubBinTypeId });

/** The project's sort bins (2) or input bins (6), parents before children, with rules and their posts in the range and streams. */
export const listSubBins = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/subfolder/manage/getall',
  summary: "A project's sort bins or input bins, for managing them (Sort Bins / Input Bins product)",
  tags: ['sub-bins'],
  access: 'user',
  query: SubBinListQuery,
  response: SubBinList,
});
