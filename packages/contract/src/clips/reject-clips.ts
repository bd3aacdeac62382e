import { defineOperation } from '../operation.ts';
import { ClipChangeResult, RejectClipsBody } from './model.ts';

export const rejectClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/reject',
  summary: 'Reject clips as Irrelevant',
  tags: ['clips'],
  access: 'user',
  body: RejectClipsBody,
  response: ClipChangeResult,
});
