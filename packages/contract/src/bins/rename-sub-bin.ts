import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { zBinName } from './model.ts';

export const RenameSubBinBody = z.object({ binId: zId, name: zBinName });

export const renameSubBin = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/subfolder/rename',
  summary: 'Rename a sort bin or input bin',
  tags: ['sub-bins'],
  access: 'user',
  body: RenameSubBinBody,
  response: OkResponse,
  errors: [409],
});
