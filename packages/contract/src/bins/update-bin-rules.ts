import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { BinRule, zBinRules } from './model.ts';

export const UpdateBinRulesBody = z.object({ binId: zId, rules: zBinRules });

/** Replaces a sub-bin's rules; each is checked with the matcher's own parser (400 naming the rule). */
export const updateBinRules = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/subfolder/rules',
  summary: "Replace a sort bin's or input bin's rules",
  tags: ['sub-bins'],
  access: 'user',
  body: UpdateBinRulesBody,
  response: z.array(BinRule),
});
