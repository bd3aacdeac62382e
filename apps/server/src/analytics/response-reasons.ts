// What makes a post addressed to a brand need a response (docs/responses.md): it asks, complains
// or requests. Decided by rules over the text and the sentiment the post was given: a question
// mark or a question's opening words; a negative rating or a complaint word (the sentiment
// lexicon's, but "again": "down again" is negative anyway, "I'll buy again" is no complaint); a
// request's words.
// English rules, and the sentiment signal for every language.
import { FAVOURABILITY, type ResponseReason } from '@listening/contract';
import { COMPLAINT } from '../nlp/lexicon.ts';
import { tokenize } from '../nlp/text.ts';

/** A question's opening words, after any @handles it starts with; not their negated forms. */
const QUESTION_START =
  /^(?:\s*@\w+)*\s*(how|why|when|where|what|which|who|whom|whose|can|could|would|will|is|are|am|do|does|did|have|has|any|anyone|should|shall)\b(?!['’])/i; // "can't" opens a statement
const REQUEST =
  /\b(please|pls|plz|help|helpline|dm me|dm us|inbox me|message me|contact me|call me|call back|get back to me|refund|fix (it|this|my)|sort (it|this|me) out|need (a|an|to|my|help)|assist|waiting for|still waiting|respond|reply)\b/i;

export function responseReasons(text: string, favourabilityId: number): ResponseReason[] {
  const out: ResponseReason[] = [];
  if (text.includes('?') || QUESTION_START.test(text)) out.push('question');
  const words = tokenize(text);
  if (favourabilityId === FAVOURABILITY.Negative || words.some((w) => w !== 'again' && COMPLAINT.has(w))) out.push('complaint');
  if (REQUEST.test(text)) out.push('request');
  return out;
}

/** "3 h 5 min", "42 min", "2 d 4 h": how long, for the why. */
export function duration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 1440) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  return `${Math.floor(m / 1440)} d${Math.floor((m % 1440) / 60) ? ` ${Math.floor((m % 1440) / 60)} h` : ''}`;
}

const SENTIMENT_WORD: Record<number, string> = {
  [FAVOURABILITY.Negative]: 'negative',
  [FAVOURABILITY.Positive]: 'positive',
  [FAVOURABILITY.Neutral]: 'neutral',
};
const NOUN: Record<ResponseReason, string> = { question: 'question', complaint: 'complaint', request: 'request' };

/** The why in words: "question to @acme, negative, unanswered 42 min". */
export function why(p: {
  reasons: ResponseReason[];
  to: string | null;
  favourabilityId: number;
  status: string;
  minutes: number;
  answeredMinutes: number | null;
}): string {
  const what = p.reasons.map((r) => NOUN[r]).join(' and ');
  const parts = [p.to ? `${what} to ${p.to}` : what, SENTIMENT_WORD[p.favourabilityId] ?? 'neutral'];
  if (p.status === 'open') parts.push(`unanswered ${duration(p.minutes)}`);
  else if (p.answeredMinutes !== null) parts.push(`answered in ${duration(p.answeredMinutes)}`);
  else parts.push(p.status === 'no_reply' ? 'no reply needed' : 'marked answered');
  return parts.join(', ');
}
