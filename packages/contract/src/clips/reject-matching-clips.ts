import { defineOperation } from '../operation.ts';
import { ClipChangeResult, MatchingClipsBody } from './model.ts';

/** 'Select all', then Irrelevant: every post of the listing's filter as of its SnapshotId (at most RATE_MAX_CLIPS). */
export const rejectMatchingClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/reject/matching',
  summary: 'Reject every post of a listing filter as Irrelevant (at most 1000)',
  tags: ['clips'],
  access: 'user',
  body: MatchingClipsBody,
  response: ClipChangeResult,
});
