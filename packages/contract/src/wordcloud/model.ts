// Shapes of the word cloud and its include/exclude phrases.
import { z } from 'zod';
import { AnalyticQuery, zId } from '../common.ts';

export const CLOUD_FILTERS = { words: 'words', '#': 'hashtags', hashtags: 'hashtags', '@': 'handles', handles: 'handles', entities: 'entities' } as const;
export type CloudFilter = (typeof CLOUD_FILTERS)[keyof typeof CLOUD_FILTERS];
const zCloudFilter = z
  .enum(['words', '#', 'hashtags', '@', 'handles', 'entities'], { error: 'cloudFilter must be words, # (sent as %23), @ or entities' })
  .default('words')
  .transform((f) => CLOUD_FILTERS[f]);
/** Entries a cloud answers at most. */
export const WORDCLOUD_MAX_ENTRIES = 100;
/** A cloud reads the terms of the latest this-many clips of the range (docs/dashboard.md). */
export const WORDCLOUD_SAMPLE = 5000;
export const WordCloudQuery = AnalyticQuery.safeExtend({ cloudFilter: zCloudFilter });
/** Included: a phrase the project tracks (POST /api/include), always given a place and drawn apart. */
export const WordCloudEntry = z.object({ Value: z.string(), Count: z.number(), Included: z.boolean().optional() });
export const WordCloud = z.array(WordCloudEntry);
/** byclips: the cloud of the given clips (the tray's), or of the range; prefix '#', '@' or '' (words). */
export const WordCloudByClipsBody = AnalyticQuery.safeExtend({
  prefix: z.enum(['#', '@', ''], { error: "prefix must be '#', '@' or ''" }).default(''),
  clipIds: z.array(zId).max(1000, 'clipIds has more than 1000 ids').optional(),
});
/** Include and exclude phrases a project keeps at most, both lists together. */
export const MAX_PHRASES_PER_PROJECT = 200;
/** The body of include and exclude (POST: they change data). */
export const PhraseBody = z.object({
  projectId: zId,
  phrase: z.string({ error: 'phrase is required' }).trim().toLowerCase().min(1, 'phrase is required').max(100, 'phrase is longer than 100 characters'),
});
export const WordCloudPhrase = z.object({ Id: z.number(), Phrase: z.string(), Kind: z.enum(['include', 'exclude']) });
export const WordCloudPhraseList = z.array(WordCloudPhrase);
/** What POST /api/phrase/remove took off the lists: 0 when the phrase was on neither. */
export const RemovedPhrase = z.object({ Removed: z.number() });
