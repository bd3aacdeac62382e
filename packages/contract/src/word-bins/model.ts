// Shapes of word bins (Reaction Lists, type 1, and Crisis Lists, type 2): standing keyword queries
// over a project's mentions whose new matches reach their recipients on an interval. Wire field
// names as the specification gives them (docs/spec/001_57268dddd5f58f8a.txt section 3). Each rule of the form is written once
// here and used by the server and the screens.
import { z } from 'zod';
import { MAX_ID, quoteInput, zId } from '../common.ts';
import { RECIPIENT_TYPES, WORD_BIN_INTERVALS, WORD_BIN_INTERVAL_LABELS } from '../constants.ts';

export const WORD_BIN_TYPE = { Reaction: 1, Crisis: 2 } as const;
export const KEYWORD_OPERATORS = { AND: 1, OR: 2, NOT: 3 } as const;
export const KEYWORD_OPERATOR_LABELS: Record<number, string> = { 1: 'AND', 2: 'OR', 3: 'NOT' };
export const WORD_BIN_SENTIMENTS = [
  { Id: 0, Description: 'None' },
  { Id: 1, Description: 'Neutral' },
  { Id: 2, Description: 'Positive' },
  { Id: 3, Description: 'Negative' },
] as const;
export const RECIPIENT_TYPE_LABELS: Record<number, string> = {
  [RECIPIENT_TYPES.AlertContact]: 'Alert Contact',
  [RECIPIENT_TYPES.PopupContact]: 'Popup Contact',
  [RECIPIENT_TYPES.ResponseContact]: 'Response Contact',
};
/** Languages a word bin may be limited to (0: any), with the code the language detector gives a post. */
export const WORD_BIN_LANGUAGES = [
  { Id: 0, Code: null, Description: 'Any language' },
  { Id: 1, Code: 'en', Description: 'English' },
  { Id: 2, Code: 'af', Description: 'Afrikaans' },
  { Id: 3, Code: 'zu', Description: 'isiZulu' },
  { Id: 4, Code: 'xh', Description: 'isiXhosa' },
  { Id: 5, Code: 'st', Description: 'Sesotho' },
  { Id: 6, Code: 'fr', Description: 'French' },
  { Id: 7, Code: 'pt', Description: 'Portuguese' },
  { Id: 8, Code: 'es', Description: 'Spanish' },
  { Id: 9, Code: 'de', Description: 'German' },
  { Id: 10, Code: 'nl', Description: 'Dutch' },
  { Id: 11, Code: 'it', Description: 'Italian' },
] as const;
export const languageCode = (id: number): string | null => WORD_BIN_LANGUAGES.find((l) => l.Id === id)?.Code ?? null;
export const languageId = (code: string | null): number => WORD_BIN_LANGUAGES.find((l) => l.Code === code)?.Id ?? 0;
export const intervalLabel = (minutes: number): string => WORD_BIN_INTERVAL_LABELS[minutes as keyof typeof WORD_BIN_INTERVAL_LABELS] ?? `${minutes} minutes`;

/** New word bins start now and end this many days later. */
export const WORD_BIN_DEFAULT_DAYS = 30;
export const WORD_BIN_NAME_MAX = 200;
export const WORD_BIN_KEYWORDS_MAX = 50;
export const WORD_BIN_KEYWORD_MAX = 200;
export const WORD_BIN_RECIPIENTS_MAX = 100;
export const WORD_BIN_GROUP_NAME_MAX = 100;

/**
 * Why a keyword cannot be read, or null: quotes and parentheses must pair up (a keyword is a word
 * or phrase; '"black friday' or 'price (rise' is a typo that would silently match something else).
 */
export function keywordProblem(value: string): string | null {
  if ((value.match(/"/g) ?? []).length % 2 === 1) return `Keyword ${quoteInput(value)} has an unclosed quote`;
  let depth = 0;
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) break;
  }
  if (depth !== 0) return `Keyword ${quoteInput(value)} has unbalanced parentheses`;
  if (!/[\p{L}\p{N}]/u.test(value)) return `Keyword ${quoteInput(value)} has no searchable word`;
  return null;
}

const operatorMessage = 'OperatorId must be 1 (AND), 2 (OR) or 3 (NOT)';
export const KeywordInput = z.object({
  Value: z.string({ error: 'Keyword Value is required' }).max(WORD_BIN_KEYWORD_MAX, `A keyword is longer than ${WORD_BIN_KEYWORD_MAX} characters`),
  OperatorId: z
    .number({ error: operatorMessage })
    .int(operatorMessage)
    .refine((n) => n === 1 || n === 2 || n === 3, operatorMessage),
});

const recipientTypeMessage = 'WordBinRecipientTypeId must be 1 (Alert Contact), 2 (Popup Contact) or 3 (Response Contact)';
export const RecipientInput = z.object({
  ContactId: zId,
  WordBinRecipientTypeId: z
    .number({ error: recipientTypeMessage })
    .int(recipientTypeMessage)
    .refine((n) => n >= 1 && n <= 3, recipientTypeMessage)
    .default(RECIPIENT_TYPES.AlertContact),
});

/** A word bin's sentiment (0, none, by default), as the form and the match count take it. */
export const zWordBinSentimentId = z
  .number({ error: 'SentimentId must be 0 (None), 1 (Neutral), 2 (Positive) or 3 (Negative)' })
  .refine((n) => [0, 1, 2, 3].includes(n), 'SentimentId must be 0 (None), 1 (Neutral), 2 (Positive) or 3 (Negative)')
  .default(0);
/** A word bin's language: one of WORD_BIN_LANGUAGES (0, any). */
export const zWordBinLanguageId = z
  .number({ error: 'LanguageId must be one of the listed languages' })
  .refine((n) => WORD_BIN_LANGUAGES.some((l) => l.Id === n), 'LanguageId must be one of the listed languages');

const intervalMessage = `NotificationInterval must be one of ${WORD_BIN_INTERVALS.join(', ')} (minutes)`;
const zInstant = (name: string) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    const d = new Date(s);
    const y = d.getUTCFullYear();
    if (Number.isNaN(d.getTime()) || y < 2000 || y > 9999) {
      ctx.addIssue({ code: 'custom', message: `${name} is not a date: ${quoteInput(s)}` });
      return z.NEVER;
    }
    return d;
  });

/** What save and update take: the word bin's settings, keywords and recipients. */
export const WordBinInput = z
  .object({
    /** Update only: the word bin changed. */
    Id: zId.optional(),
    Description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Please enter a name for the list')
      .max(WORD_BIN_NAME_MAX, `The name is longer than ${WORD_BIN_NAME_MAX} characters`),
    ProjectId: zId,
    ClientId: zId.optional(),
    WordBinTypeId: z
      .number({ error: 'WordBinTypeId must be 1 (reaction list) or 2 (crisis list)' })
      .refine((n) => n === 1 || n === 2, 'WordBinTypeId must be 1 (reaction list) or 2 (crisis list)')
      .default(WORD_BIN_TYPE.Reaction),
    NotificationInterval: z.number({ error: intervalMessage }).refine((n) => (WORD_BIN_INTERVALS as readonly number[]).includes(n), intervalMessage),
    SentimentId: zWordBinSentimentId,
    LanguageId: zWordBinLanguageId
      .nullable()
      .default(0)
      .transform((n) => n ?? 0),
    StartDate: zInstant('StartDate'),
    StopDate: zInstant('StopDate'),
    IsActive: z.boolean({ error: 'IsActive must be true or false' }).default(true),
    IsGeneric: z.boolean({ error: 'IsGeneric must be true or false' }).default(false),
    WordBinGroupId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    Keywords: z.array(KeywordInput, { error: 'Keywords must be a list' }).max(WORD_BIN_KEYWORDS_MAX, `A list has at most ${WORD_BIN_KEYWORDS_MAX} keywords`),
    Recipients: z
      .array(RecipientInput, { error: 'Recipients must be a list' })
      .max(WORD_BIN_RECIPIENTS_MAX, `A list has at most ${WORD_BIN_RECIPIENTS_MAX} recipients`)
      .default([]),
  })
  .superRefine((b, ctx) => {
    // An empty keyword is ignored (the form's own rule); what is left must make a query.
    const kept = b.Keywords.filter((k) => k.Value.trim() !== '');
    for (const k of kept) {
      const problem = keywordProblem(k.Value);
      if (problem) ctx.addIssue({ code: 'custom', path: ['Keywords'], message: problem });
    }
    if (!kept.some((k) => k.OperatorId !== KEYWORD_OPERATORS.NOT))
      ctx.addIssue({ code: 'custom', path: ['Keywords'], message: 'Add at least one AND or OR keyword: NOT keywords only exclude posts' });
    if (b.StopDate.getTime() <= b.StartDate.getTime())
      ctx.addIssue({ code: 'custom', path: ['StopDate'], message: 'The end date must be after the start date' });
    const contacts = b.Recipients.map((r) => r.ContactId);
    if (new Set(contacts).size !== contacts.length) ctx.addIssue({ code: 'custom', path: ['Recipients'], message: 'A contact is chosen twice as a recipient' });
  });
export type WordBinInput = z.input<typeof WordBinInput>;

export const Keyword = z.object({ Value: z.string(), OperatorId: z.number() });
export const Recipient = z.object({
  ContactId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  Cellphone: z.string(),
  WordBinRecipientTypeId: z.number(),
});

export const WordBin = z.object({
  Id: z.number(),
  Description: z.string(),
  IsActive: z.boolean(),
  IsGeneric: z.boolean(),
  Keywords: z.array(Keyword),
  LanguageId: z.number(),
  NotificationInterval: z.number(),
  ProjectId: z.number(),
  ClientId: z.number(),
  AccountId: z.number().nullable(),
  Recipients: z.array(Recipient),
  SentimentId: z.number(),
  StartDate: z.string(),
  StopDate: z.string(),
  DateLastSent: z.string().nullable(),
  WordBinTypeId: z.number(),
  WordBinGroupId: z.number().nullable(),
  /** Posts of the last 7 days this list caught (not in the specification: the listing's count per list). */
  Matches7Days: z.number(),
});
export type WordBin = z.infer<typeof WordBin>;
export const WordBinList = z.array(WordBin);

export const WordBinGroup = z.object({ Id: z.number(), Description: z.string(), IsDeleted: z.boolean() });
export type WordBinGroup = z.infer<typeof WordBinGroup>;

export const WordBinLog = z.object({ Id: z.number(), DateFrom: z.string(), DateTo: z.string(), DateSent: z.string(), ClipCount: z.number() });
export type WordBinLog = z.infer<typeof WordBinLog>;

/** A contact of the client who may receive a word bin's alerts. */
export const WordBinContact = z.object({ Id: z.number(), Name: z.string(), Surname: z.string(), Email: z.string(), Phone: z.string() });
export type WordBinContact = z.infer<typeof WordBinContact>;

/** The answer of delete (and of update beyond its word bin): whether it was done. */
export const WordBinResult = z.object({ Success: z.boolean(), Message: z.string() });

export const ClientIdQuery = z.object({ clientId: zId });
