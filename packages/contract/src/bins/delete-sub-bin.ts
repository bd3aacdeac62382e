import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const DeleteSubBinQuery = z.object({ binId: zId });
/** How many bins went: the bin and the bins inside it. */
export const DeleteSubBinResult = z.object({ Deleted: z.number() });

/** Deletes a sort bin or input bin with the bins inside it; their posts stay in the project. */
export const deleteSubBin = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/subfolder/delete',
  summary: 'Delete a sort bin or input bin and the bins inside it',
  tags: ['sub-bins'],
  access: 'user',
  query: DeleteSubBinQuery,
  response: DeleteSubBinResult,
});
