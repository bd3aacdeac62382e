// The word-bin form's state and its conversion to and from the wire shape.
import {
  DEFAULT_TIME_ZONE,
  KEYWORD_OPERATORS,
  WORD_BIN_DEFAULT_DAYS,
  WORD_BIN_KEYWORDS_MAX,
  WORD_BIN_NAME_MAX,
  keywordProblem,
  type WordBin,
} from '@listening/contract';
import { fromZoneInput, toZoneInput } from '../../ui/time.ts';
import type { WordBinBody } from './api/word-bins.ts';

export interface DraftRecipient {
  ContactId: number;
  WordBinRecipientTypeId: number;
  Name: string;
}

export interface WordBinDraft {
  Description: string;
  Keywords: { Value: string; OperatorId: number }[];
  SentimentId: number;
  LanguageId: number;
  NotificationInterval: number;
  /** datetime-local values on the client's clock (its time zone), whatever the browser's. */
  StartDate: string;
  StopDate: string;
  IsActive: boolean;
  Recipients: DraftRecipient[];
}

const fromInput = (s: string, timeZone: string) => fromZoneInput(s, timeZone) ?? s;

/** A new list: start now, end 30 days later, every hour, any sentiment and language; dates on the client's clock. */
export function newDraft(now = new Date(), timeZone: string = DEFAULT_TIME_ZONE): WordBinDraft {
  return {
    Description: '',
    Keywords: [],
    SentimentId: 0,
    LanguageId: 0,
    NotificationInterval: 60,
    StartDate: toZoneInput(now, timeZone),
    StopDate: toZoneInput(new Date(now.getTime() + WORD_BIN_DEFAULT_DAYS * 86_400_000), timeZone),
    IsActive: true,
    Recipients: [],
  };
}

export function draftOf(bin: WordBin, timeZone: string = DEFAULT_TIME_ZONE): WordBinDraft {
  return {
    Description: bin.Description,
    Keywords: bin.Keywords.map((k) => ({ ...k })),
    SentimentId: bin.SentimentId,
    LanguageId: bin.LanguageId,
    NotificationInterval: bin.NotificationInterval,
    StartDate: toZoneInput(bin.StartDate, timeZone),
    StopDate: toZoneInput(bin.StopDate, timeZone),
    IsActive: bin.IsActive,
    Recipients: bin.Recipients.map((r) => ({
      ContactId: r.ContactId,
      WordBinRecipientTypeId: r.WordBinRecipientTypeId,
      Name: `${r.Name} ${r.Surname}`.trim(),
    })),
  };
}

export function bodyOf(
  d: WordBinDraft,
  where: { projectId: number; clientId: number; typeId: number; id?: number; groupId?: number | null },
  timeZone: string = DEFAULT_TIME_ZONE,
): WordBinBody {
  return {
    Id: where.id,
    ProjectId: where.projectId,
    ClientId: where.clientId,
    WordBinTypeId: where.typeId,
    WordBinGroupId: where.groupId ?? null,
    Description: d.Description,
    Keywords: d.Keywords,
    SentimentId: d.SentimentId,
    LanguageId: d.LanguageId,
    NotificationInterval: d.NotificationInterval,
    StartDate: fromInput(d.StartDate, timeZone),
    StopDate: fromInput(d.StopDate, timeZone),
    IsActive: d.IsActive,
    Recipients: d.Recipients.map((r) => ({ ContactId: r.ContactId, WordBinRecipientTypeId: r.WordBinRecipientTypeId })),
  };
}

/** The form's fields that can be wrong, each with its message shown under it. */
export type DraftField = 'Description' | 'Keywords' | 'StartDate' | 'StopDate' | 'Recipients';
export type DraftProblems = Partial<Record<DraftField, string>>;

const validInput = (s: string) => s !== '' && !Number.isNaN(new Date(s).getTime());

/**
 * What keeps this draft from saving, per field, in the form's words: the rules of the contract's
 * WordBinInput (which the server applies too) checked before the call, so each message stands
 * under its own field instead of one raw line for the whole form.
 */
export function draftProblems(d: WordBinDraft): DraftProblems {
  const out: DraftProblems = {};
  if (d.Description.trim() === '') out.Description = 'Please enter a name for the list';
  else if (d.Description.trim().length > WORD_BIN_NAME_MAX) out.Description = `The name is longer than ${WORD_BIN_NAME_MAX} characters`;
  const kept = d.Keywords.filter((k) => k.Value.trim() !== '');
  const unreadable = kept.map((k) => keywordProblem(k.Value)).find((p) => p !== null);
  if (kept.length === 0) out.Keywords = 'Add at least one keyword';
  else if (unreadable) out.Keywords = unreadable;
  else if (!kept.some((k) => k.OperatorId !== KEYWORD_OPERATORS.NOT)) out.Keywords = 'Add at least one AND or OR keyword: NOT keywords only exclude posts';
  else if (kept.length > WORD_BIN_KEYWORDS_MAX) out.Keywords = `A list has at most ${WORD_BIN_KEYWORDS_MAX} keywords`;
  if (!validInput(d.StartDate)) out.StartDate = 'Choose a start date';
  if (!validInput(d.StopDate)) out.StopDate = 'Choose an end date';
  else if (validInput(d.StartDate) && new Date(d.StopDate).getTime() <= new Date(d.StartDate).getTime())
    out.StopDate = 'The end date must be after the start date';
  return out;
}

/**
 * The field a server's refusal is about, by the words the server uses for it (its messages name
 * keywords, recipients and contacts, the name and the dates), so it too stands under its field.
 */
export function fieldOfMessage(message: string): DraftField | null {
  if (/keyword|\bAND\b|\bOR\b/i.test(message)) return 'Keywords';
  if (/recipient|contact/i.test(message)) return 'Recipients';
  if (/end date|StopDate/i.test(message)) return 'StopDate';
  if (/start date|StartDate/i.test(message)) return 'StartDate';
  if (/\bname\b|Description/i.test(message)) return 'Description';
  return null;
}

/** Whether the keywords make a query worth counting (an AND or OR keyword, all readable). */
export const countableKeywords = (d: WordBinDraft) => draftProblems(d).Keywords === undefined;

/**
 * What the form shows: once Save was tried, the draft's own problems under their fields (gone as
 * each is fixed); a server's refusal under the field it is about, or above the buttons when it is
 * about none.
 */
export function formProblems(d: WordBinDraft, tried: boolean, serverMessage: string | null): { fields: DraftProblems; general: string | null } {
  const fields: DraftProblems = {};
  let general: string | null = null;
  if (serverMessage) {
    const field = fieldOfMessage(serverMessage);
    if (field) fields[field] = serverMessage;
    else general = serverMessage;
  }
  return { fields: { ...fields, ...(tried ? draftProblems(d) : {}) }, general };
}
