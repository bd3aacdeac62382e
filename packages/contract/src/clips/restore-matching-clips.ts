import { defineOperation } from '../operation.ts';
import { ClipChangeResult, MatchingClipsBody } from './model.ts';

/** 'Select all' in the Rejected view, then Restore: every rejected post of the filter as of its SnapshotId (at most RATE_MAX_CLIPS). */
export const restoreMatchingClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/restore/matching',
  summary: 'Restore every rejected post of a listing filter (at most 1000)',
  tags: ['clips'],
  access: 'user',
  body: MatchingClipsBody,
  response: ClipChangeResult,
});
