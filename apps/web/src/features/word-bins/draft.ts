// The word-bin form's state and its conversion to and from the wire shape.
import { WORD_BIN_DEFAULT_DAYS, type WordBin } from '@listening/contract';
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
  /** datetime-local values (the browser's own zone). */
  StartDate: string;
  StopDate: string;
  IsActive: boolean;
  Recipients: DraftRecipient[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as a datetime-local input shows it: local time, to the minute. */
export const toLocalInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const fromLocalInput = (s: string) => {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
};

/** A new list: start now, end 30 days later, every hour, any sentiment and language. */
export function newDraft(now = new Date()): WordBinDraft {
  return {
    Description: '',
    Keywords: [],
    SentimentId: 0,
    LanguageId: 0,
    NotificationInterval: 60,
    StartDate: toLocalInput(now),
    StopDate: toLocalInput(new Date(now.getTime() + WORD_BIN_DEFAULT_DAYS * 86_400_000)),
    IsActive: true,
    Recipients: [],
  };
}

export function draftOf(bin: WordBin): WordBinDraft {
  return {
    Description: bin.Description,
    Keywords: bin.Keywords.map((k) => ({ ...k })),
    SentimentId: bin.SentimentId,
    LanguageId: bin.LanguageId,
    NotificationInterval: bin.NotificationInterval,
    StartDate: toLocalInput(new Date(bin.StartDate)),
    StopDate: toLocalInput(new Date(bin.StopDate)),
    IsActive: bin.IsActive,
    Recipients: bin.Recipients.map((r) => ({
      ContactId: r.ContactId,
      WordBinRecipientTypeId: r.WordBinRecipientTypeId,
      Name: `${r.Name} ${r.Surname}`.trim(),
    })),
  };
}

export function bodyOf(d: WordBinDraft, where: { projectId: number; clientId: number; typeId: number; id?: number; groupId?: number | null }): WordBinBody {
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
    StartDate: fromLocalInput(d.StartDate),
    StopDate: fromLocalInput(d.StopDate),
    IsActive: d.IsActive,
    Recipients: d.Recipients.map((r) => ({ ContactId: r.ContactId, WordBinRecipientTypeId: r.WordBinRecipientTypeId })),
  };
}
