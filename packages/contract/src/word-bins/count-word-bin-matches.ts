import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { KeywordInput, WORD_BIN_KEYWORDS_MAX, zWordBinLanguageId, zWordBinSentimentId } from './model.ts';

/** How far back the form's match count looks: 'matches in the last 7 days'. */
export const WORD_BIN_MATCH_DAYS = 7;

/** The part of a word bin that decides what it matches: its project, keywords, sentiment and language. */
export const WordBinMatchQuery = z.object({
  ProjectId: zId,
  ClientId: zId.optional(),
  Keywords: z.array(KeywordInput, { error: 'Keywords must be a list' }).max(WORD_BIN_KEYWORDS_MAX, `A list has at most ${WORD_BIN_KEYWORDS_MAX} keywords`),
  SentimentId: zWordBinSentimentId,
  LanguageId: zWordBinLanguageId.default(0),
});

export const WordBinMatchCount = z.object({
  /** Posts of the project posted in [From, To) that these keywords, sentiment and language match. */
  Matches: z.number(),
  /** The project's posts of the window that were read. */
  Posts: z.number(),
  From: z.string(),
  To: z.string(),
  /** The project had more posts in the window than are read: Matches is a lower bound. */
  Capped: z.boolean(),
});
export type WordBinMatchCount = z.infer<typeof WordBinMatchCount>;

/**
 * How many of the project's posts of the last WORD_BIN_MATCH_DAYS days a word bin with these
 * settings would have matched: the form shows it while the keywords are edited, before saving.
 */
export const countWordBinMatches = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/wordbins/matchcount',
  summary: 'Matches of word-bin keywords in the last 7 days of a project',
  tags: ['word-bins'],
  access: 'user',
  body: WordBinMatchQuery,
  response: WordBinMatchCount,
});
