// Enrichment: everything derived from a post's text, in one pass (text.ts), for storage and for
// the rule matcher. Pure and synchronous so that it runs the same in a worker thread.
import { extractEntities, type Entities } from './entities.ts';
import { detectLanguage } from './language.ts';
import { scoreSentiment } from './sentiment.ts';
import { extractTerms } from './terms.ts';
import { analyse, unique } from './text.ts';

export interface Enrichment extends Entities {
  language: string | null;
  classificationId: number;
  favourabilityId: number;
  sentimentScore: number;
  hashtags: string[];
  handles: string[];
  urls: string[];
  terms: string[];
  /** Folded tokens in order, for the matcher; not stored. */
  tokens: string[];
}

export function enrich(text: string, knownLanguage?: string | null): Enrichment {
  const a = analyse(text);
  const language = knownLanguage || detectLanguage(a.tokens, text);
  const s = scoreSentiment(a, text, language);
  return {
    language,
    classificationId: s.classificationId,
    favourabilityId: s.favourabilityId,
    sentimentScore: Math.round(s.score * 1000) / 1000,
    ...extractEntities(a),
    hashtags: unique(a.hashtags),
    handles: unique(a.handles),
    urls: unique(a.urls),
    terms: extractTerms(a.tokens),
    tokens: a.tokens,
  };
}
