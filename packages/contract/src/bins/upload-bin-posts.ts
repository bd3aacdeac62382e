import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { INPUT_BIN_CSV_MAX_CHARS } from './input-bin-csv.ts';
import { AddPostsResult } from './model.ts';

export const UploadBinPostsBody = z.object({
  binId: zId,
  /** The file's text (columns: INPUT_BIN_CSV_COLUMNS). Checked whole before anything is stored. */
  csv: z
    .string({ error: 'csv is required' })
    .max(INPUT_BIN_CSV_MAX_CHARS, `The file is larger than ${INPUT_BIN_CSV_MAX_CHARS.toLocaleString('en-US')} characters: split it into smaller files`),
});

/** Adds the posts of a CSV file to an input bin: all of them, or none when any row has a problem. */
export const uploadBinPosts = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/subfolder/post/upload',
  summary: 'Add the posts of a CSV file to an input bin (Input Bins product)',
  tags: ['sub-bins'],
  access: 'user',
  body: UploadBinPostsBody,
  response: AddPostsResult,
  errors: [413],
});
