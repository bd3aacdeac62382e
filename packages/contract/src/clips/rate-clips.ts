import { defineOperation } from '../operation.ts';
import { ClipChangeResult, RateClipsBody } from './model.ts';

export const rateClips = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/clip/favourability/update',
  summary: 'Rate clips Positive (1), Neutral (2) or Negative (3)',
  tags: ['clips'],
  access: 'user',
  body: RateClipsBody,
  response: ClipChangeResult,
});
