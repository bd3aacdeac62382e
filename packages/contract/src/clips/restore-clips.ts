import { defineOperation } from '../operation.ts';
import { ClipChangeResult, RestoreClipsBody } from './model.ts';

/** Undoes a rejection: the clips count in every figure again (the tray's 'Rejected' view). */
export const restoreClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/restore',
  summary: 'Restore rejected (Irrelevant) clips',
  tags: ['clips'],
  access: 'user',
  body: RestoreClipsBody,
  response: ClipChangeResult,
});
