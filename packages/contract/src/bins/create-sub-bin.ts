import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SubBin, zBinName, zBinRules, zSubBinTypeId } from './model.ts';

export const CreateSubBinBody = z.object({
  projectId: zId,
  /** The sub-bin to create it in (of the same kind), or null directly under the project. */
  parentId: zId.nullable().optional(),
  name: zBinName,
  binTypeId: zSubBinTypeId,
  rules: zBinRules.default([]),
});

/** Creates a sort bin or input bin; its rules file posts ingested from then on. */
export const createSubBin = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/subfolder/create',
  summary: 'Create a sort bin or input bin in a project',
  tags: ['sub-bins'],
  access: 'user',
  body: CreateSubBinBody,
  response: SubBin,
  errors: [409],
});
