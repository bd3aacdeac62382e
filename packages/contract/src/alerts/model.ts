// Shapes of alerts (per-contact notifications, docs/spec/002_6c80e0f7cd09047f.txt sections 2.3, 3, 7.2) and of a contact's
// subscriptions (docs/spec/002_6c80e0f7cd09047f.txt section 2.4): the scheduled reports, reaction and crisis lists and alerts
// that reach them, and the signed unsubscribe link every such mail carries. Wire field names are
// the specification's own; its messages are quoted exactly ('Error occurend' included).
import { z } from 'zod';
import { MAX_ID, quoteInput, zId } from '../common.ts';
import { ALERT_INTERVALS, NOTIFICATION_TYPES } from '../constants.ts';

/** The messages of the notification dialog and the subscriptions screen (docs/spec/002_6c80e0f7cd09047f.txt section 8), and the server's own. */
export const ALERT_MESSAGES = {
  scheduled: 'Alert Scheduled',
  deleted: 'Alert Deleted',
  noRecipient: 'Please select at least 1 recipient',
  noSubscriptions: 'You are not subscribed to any alerts',
  emptyTable: 'No Subscribed Content Found',
  removeFailed: 'Error occurend removing subscription',
  // The server's own answers (not in the specification).
  invalidLink: 'This unsubscribe link is not valid',
  alreadyUnsubscribed: 'This address no longer receives this list',
  notSubscribed: 'You are not subscribed to this item',
} as const;

/** Notification types of a subscription, with the names the subscriptions table shows. */
export type NotificationTypeId = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];
export const NOTIFICATION_TYPE_NAMES: Record<NotificationTypeId, string> = {
  [NOTIFICATION_TYPES.ScheduledReport]: 'Scheduled Report',
  [NOTIFICATION_TYPES.ReactionListAlert]: 'Reaction List Alert',
  [NOTIFICATION_TYPES.ContactNotification]: 'Contact Notification',
  [NOTIFICATION_TYPES.ResponseAlert]: 'Response Alert',
};

/** A response alert's frequency: how long a post waits unanswered before it is told ('Unanswered after 1 hour'). */
export function waitDescription(minutes: number): string {
  const [n, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `Unanswered after ${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * How often a subscription arrives, in the words of docs/spec/002_6c80e0f7cd09047f.txt section 9, for an interval in minutes
 * (alerts and word bins): 0 'Immediate Delivery', 5 to 60 'Every N Minutes', 360 'Every 6 Hours',
 * 720 'Every 12 Hours', 1440 'Every 24 Hours' (a word bin's 20 reads 'Every 20 Minutes').
 */
export function intervalDescription(minutes: number): string {
  if (minutes === 0) return 'Immediate Delivery';
  return minutes > 60 && minutes % 60 === 0 ? `Every ${minutes / 60} Hours` : `Every ${minutes} Minutes`;
}

/** The dialog's interval choices: the spec's alert intervals (0 Immediate ... 1440 once a day). */
export const ALERT_INTERVAL_OPTIONS = ALERT_INTERVALS.map((m) => ({
  Id: m,
  Description: m === 0 ? 'Immediate' : m === 1440 ? 'Once a day' : intervalDescription(m),
}));

export const ALERT_NAME_MAX = 200;
export const ALERT_RECIPIENTS_MAX = 100;

/** One recipient of an alert, as the alert list shows it. */
export const AlertRecipient = z.object({ ContactId: z.number(), Name: z.string(), Surname: z.string(), Email: z.string() });

/** An alert: a project's new mentions sent to its recipients every Interval minutes from StartDate. */
export const Alert = z.object({
  Id: z.number(),
  Name: z.string(),
  ProjectId: z.number(),
  Interval: z.number(),
  /** The first moment it may send, on the client's clock ('2026-03-02T00:00:00'). */
  StartDate: z.string(),
  /** The end of the last window sent, ISO; null before the first. */
  DateLastSent: z.string().nullable(),
  RecipientCount: z.number(),
  Recipients: z.array(AlertRecipient),
  /** Only mentions of this sentiment: 0 any, 1 Neutral, 2 Positive, 3 Negative (the word bins' enumeration). */
  SentimentId: z.number(),
  /** Only mentions containing this word or phrase; null: any. */
  Keyword: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const ALERT_KEYWORD_MAX = 200;
const alertSentimentMessage = 'sentimentId must be 0 (any), 1 (Neutral), 2 (Positive) or 3 (Negative)';

const intervalMessage = `interval must be one of ${ALERT_INTERVALS.join(', ')} (minutes)`;
const noRecipient = ALERT_MESSAGES.noRecipient;

/** A comma list of contact ids ('12,15'), at least one: the specification's recipientIds. */
const zRecipientIds = z.string({ error: noRecipient }).transform((s, ctx) => {
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    ctx.addIssue({ code: 'custom', message: noRecipient });
    return z.NEVER;
  }
  const ids = parts.map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
    ctx.addIssue({ code: 'custom', message: `recipientIds must be a comma list of contact ids, got ${quoteInput(s)}` });
    return z.NEVER;
  }
  const unique = [...new Set(ids)];
  if (unique.length > ALERT_RECIPIENTS_MAX) {
    ctx.addIssue({ code: 'custom', message: `An alert has at most ${ALERT_RECIPIENTS_MAX} recipients` });
    return z.NEVER;
  }
  return unique;
});

/**
 * What alert/save takes (docs/spec/002_6c80e0f7cd09047f.txt section 3): startDate is the client's wall clock, a date
 * ('2024-05-01', sent at 00:00) or a date-time; it may be in the past (the dialog sends today 00:00).
 */
export const AlertInput = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(ALERT_NAME_MAX, `name is longer than ${ALERT_NAME_MAX} characters`),
  projectId: zId,
  recipientIds: zRecipientIds,
  interval: z.coerce.number<number>({ error: intervalMessage }).refine((n) => (ALERT_INTERVALS as readonly number[]).includes(n), intervalMessage),
  startDate: z
    .string({ error: 'startDate is required' })
    .max(40, 'startDate is not a date')
    .refine((s) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/.test(s) && !Number.isNaN(Date.parse(`${s.slice(0, 10)}T00:00:00Z`)), {
      message: 'startDate must be a date (2024-05-01) or a date and time (2024-05-01T08:00)',
    }),
  /** Not in the specification: send only mentions of one sentiment (0, the default: any). */
  sentimentId: z.coerce
    .number<number>({ error: alertSentimentMessage })
    .refine((n) => [0, 1, 2, 3].includes(n), alertSentimentMessage)
    .default(0),
  /** Not in the specification: send only mentions containing this word or phrase (empty: any). */
  keyword: z
    .string({ error: 'keyword must be text' })
    .trim()
    .max(ALERT_KEYWORD_MAX, `keyword is longer than ${ALERT_KEYWORD_MAX} characters`)
    .nullish()
    .transform((s, ctx) => {
      if (!s) return null;
      if (!/[\p{L}\p{N}]/u.test(s)) {
        ctx.addIssue({ code: 'custom', message: `Keyword ${quoteInput(s)} has no searchable word` });
        return z.NEVER;
      }
      return s;
    }),
});
export type AlertInput = z.input<typeof AlertInput>;

export const AlertIdParams = z.object({ id: zId });
export const AlertDeleted = z.object({ Id: z.number(), Message: z.string() });

/** One thing a contact receives (docs/spec/002_6c80e0f7cd09047f.txt section 3), with the ids the screen needs to act on it. */
export const Subscription = z.object({
  /** The report's, list's or alert's id (the specification calls all of them ReportId); a response alert's: its project's. */
  ReportId: z.number(),
  ReportName: z.string(),
  NotificationType: z.number(),
  NotificationTypeName: z.string(),
  /** Minutes for lists and alerts, the wait for a response alert; the schedule's frequency (1 Daily, 2 Weekly, 3 Monthly) for reports. */
  FrequencyId: z.number(),
  FrequencyDescription: z.string(),
  ProjectName: z.string(),
  ProjectId: z.number(),
  ClientId: z.number(),
});
export type Subscription = z.infer<typeof Subscription>;

const typeMessage = 'reportType must be 1 (Scheduled Report), 2 (Reaction List Alert), 3 (Contact Notification) or 4 (Response Alert)';
export const UnsubscribeQuery = z.object({
  reportId: zId,
  reportType: z.coerce
    .number<number>({ error: typeMessage })
    .int(typeMessage)
    .refine((n) => n >= 1 && n <= 4, typeMessage),
});
export const UnsubscribeDone = z.object({ Success: z.boolean(), Message: z.string() });

export const UnsubscribeLinkBody = z.object({ token: z.string().min(1, 'token is missing').max(300, ALERT_MESSAGES.invalidLink) });
/** What an unsubscribe link stopped: its name and kind, and the address that no longer receives it. */
export const UnsubscribeLinkResult = z.object({ Name: z.string(), NotificationType: z.number(), NotificationTypeName: z.string(), Email: z.string() });
