import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SubBinList, zSubBinTypeId } from './model.ts';

export const SubBinListQuery = z.object({ projectId: zId, binTypeId: zSubBinTypeId });

/** The project's sort bins (2) or input bins (6), parents before children, with rules and all-time counts. */
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
