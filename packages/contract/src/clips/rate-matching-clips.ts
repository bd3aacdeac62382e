import { defineOperation } from '../operation.ts';
import { ClipChangeResult, RateMatchingClipsBody } from './model.ts';

/** 'Select all', then rate: every post of the listing's filter as of its SnapshotId (at most RATE_MAX_CLIPS). */
export const rateMatchingClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/favourability/update/matching',
  summary: 'Rate every post of a listing filter (at most 1000)',
  tags: ['clips'],
  access: 'user',
  body: RateMatchingClipsBody,
  response: ClipChangeResult,
});
