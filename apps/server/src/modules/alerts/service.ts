// Alerts (the per-contact notification dialog) and a contact's subscriptions (the
// Notification Management screen), docs/alerts-and-subscriptions.md. A user reads and changes the
// alerts of projects they may see (404 otherwise, never revealing they exist), where the client
// owns Notifications (403 naming the product, the side menu's own gate), and changes them only
// while the client is not In-Active. Recipients must be active contacts of the project's client.
// Subscriptions are the signed-in user's own: the reports, lists, alerts and projects' response
// alerts their client_contacts rows receive; unsubscribing removes those rows from that thing's
// recipients (a word bin's Response Contact becomes its Alert Contact: the list still reaches them).
import {
  DEFAULT_RESPONSE_WAIT_MINUTES,
  waitDescription,
  ALERT_MESSAGES,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_NAMES,
  frequencyDescription,
  intervalDescription,
  type NotificationTypeId,
} from '@listening/contract';
import type * as C from '@listening/contract';
import type { OperationResult, ParsedInput } from '@listening/contract';
import { activeContactIdsOf } from '../../access/contacts.ts';
import { projectForUser, projectForWrite } from '../../access/index.ts';
import { assertUnlocked, fromWall, toWall, wallTime } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type Alert = OperationResult<typeof C.saveAlert>;
type AlertRow = NonNullable<Awaited<ReturnType<typeof q.alert>>>;

/** Alerts of one client, in the wire shape; StartDate on the client's clock, as it was chosen. */
async function toWire(db: Db, rows: AlertRow[]): Promise<Alert[]> {
  if (rows.length === 0) return [];
  const { time_zone } = await q.clientTimeZone(db, rows[0].client_id);
  const recipients = await q.recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = recipients.filter((x) => x.alert_id === r.id).map((x) => ({ ContactId: x.contact_id, Name: x.name, Surname: x.surname, Email: x.email }));
    return {
      Id: r.id,
      Name: r.name,
      ProjectId: r.project_id,
      Interval: r.interval_minutes,
      StartDate: wallTime(toWall(r.start_date, time_zone)),
      DateLastSent: r.date_last_sent ? r.date_last_sent.toISOString() : null,
      RecipientCount: mine.length,
      Recipients: mine,
      SentimentId: r.sentiment_id,
      Keyword: r.keyword,
    };
  });
}

export async function listAlerts(db: Db, user: AuthUser, projectId: number): Promise<Alert[]> {
  const project = await projectForUser(db, user, projectId);
  await assertUnlocked(db, project, 'Notifications');
  return toWire(db, await q.alertsOf(db, project.id));
}

/** A startDate of the dialog ('2024-05-01' or '2024-05-01T08:00') as the instant the client's clock shows it. */
function startInstant(startDate: string, timeZone: string): Date {
  const [day, time = '00:00:00'] = startDate.split(/[T ]/);
  const wall = new Date(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  if (Number.isNaN(wall.getTime())) throw badRequest('startDate is not a date');
  return fromWall(wall, timeZone);
}

export async function saveAlert(db: Db, user: AuthUser, body: ParsedInput<typeof C.saveAlert>['body']): Promise<Alert> {
  const project = await projectForWrite(db, user, body.projectId);
  await assertUnlocked(db, project, 'Notifications');
  // Filtering by sentiment reads sentiment data: the client must own Sentiment, as on every screen.
  if (body.sentimentId !== 0) await assertUnlocked(db, project, 'Sentiment');
  const known = await activeContactIdsOf(db, project.client_id, body.recipientIds);
  const strangers = body.recipientIds.filter((id) => !known.has(id));
  if (strangers.length)
    throw badRequest(
      `recipientIds ${strangers.slice(0, 10).join(', ')} ${strangers.length === 1 ? 'is not an active contact' : 'are not active contacts'} of this project's client`,
    );
  const { time_zone } = await q.clientTimeZone(db, project.client_id);
  const id = await q.insertAlert(
    db,
    {
      client_id: project.client_id,
      project_id: project.id,
      name: body.name,
      interval_minutes: body.interval,
      start_date: startInstant(body.startDate, time_zone),
      created_by: user.id,
      sentiment_id: body.sentimentId,
      keyword: body.keyword,
    },
    body.recipientIds,
  );
  return (await toWire(db, [(await q.alert(db, id))!]))[0];
}

export async function deleteAlert(db: Db, user: AuthUser, id: number): Promise<OperationResult<typeof C.deleteAlert>> {
  const row = await q.alert(db, id);
  if (!row) throw notFound(`Alert ${id} not found`);
  const project = await projectForWrite(db, user, row.project_id).catch((err: unknown) => {
    throw err instanceof Error && 'statusCode' in err && err.statusCode === 404 ? notFound(`Alert ${id} not found`) : err;
  });
  await assertUnlocked(db, project, 'Notifications');
  await q.deleteAlert(db, id);
  return { Id: id, Message: ALERT_MESSAGES.deleted };
}

const subscription = (
  type: NotificationTypeId,
  r: { id: number; name: string; project_id: number; client_id: number; project_name: string },
  frequencyId: number,
  description: string,
): C.Subscription => ({
  ReportId: r.id,
  ReportName: r.name,
  NotificationType: type,
  NotificationTypeName: NOTIFICATION_TYPE_NAMES[type],
  FrequencyId: frequencyId,
  FrequencyDescription: description,
  ProjectName: r.project_name,
  ProjectId: r.project_id,
  ClientId: r.client_id,
});

export async function subscriptions(db: Db, user: AuthUser): Promise<C.Subscription[]> {
  const contactIds = await q.contactIdsOfUser(db, user.id);
  if (contactIds.length === 0) return [];
  const [reports, lists, alerts, responses] = await Promise.all([
    q.reportSubscriptions(db, contactIds),
    q.wordBinSubscriptions(db, contactIds),
    q.alertSubscriptions(db, contactIds),
    q.responseAlertSubscriptions(db, contactIds),
  ]);
  const rows = [
    ...reports.map((r) => subscription(NOTIFICATION_TYPES.ScheduledReport, r, r.frequency_id ?? 0, frequencyDescription(r.frequency_id ?? 0))),
    ...lists.map((r) => subscription(NOTIFICATION_TYPES.ReactionListAlert, r, r.interval, intervalDescription(r.interval))),
    ...alerts.map((r) => subscription(NOTIFICATION_TYPES.ContactNotification, r, r.interval, intervalDescription(r.interval))),
    ...responses.map((r) => {
      const wait = r.wait_minutes ?? DEFAULT_RESPONSE_WAIT_MINUTES;
      return subscription(NOTIFICATION_TYPES.ResponseAlert, { ...r, project_id: r.id, name: 'Response alert' }, wait, waitDescription(wait));
    }),
  ];
  return rows.sort((a, b) => a.ProjectName.localeCompare(b.ProjectName) || a.NotificationType - b.NotificationType || a.ReportName.localeCompare(b.ReportName));
}

export async function unsubscribe(
  db: Db,
  user: AuthUser,
  query: ParsedInput<typeof C.unsubscribeSubscription>['query'],
): Promise<OperationResult<typeof C.unsubscribeSubscription>> {
  const contactIds = await q.contactIdsOfUser(db, user.id);
  const removed = await q.removeRecipients(db, query.reportType as 1 | 2 | 3 | 4, query.reportId, contactIds);
  if (removed === 0) throw notFound(ALERT_MESSAGES.notSubscribed);
  return { Success: true, Message: `Unsubscribed from ${NOTIFICATION_TYPE_NAMES[query.reportType as NotificationTypeId]} ${query.reportId}` };
}

/** The unsubscribe link of a mail: the signed token names what and whom; anything else is 400, a second use 404. */
export async function unsubscribeByLink(db: Db, body: ParsedInput<typeof C.unsubscribeByLink>['body']): Promise<OperationResult<typeof C.unsubscribeByLink>> {
  const target = await readUnsubscribeToken(db, body.token);
  if (!target) throw badRequest(ALERT_MESSAGES.invalidLink);
  return db.transaction().execute(async (trx) => {
    if ('wordBinRecipientId' in target) {
      const r = await q.legacyWordBinRecipient(trx, target.wordBinRecipientId);
      if (!r) throw notFound(ALERT_MESSAGES.alreadyUnsubscribed);
      await q.deleteWordBinRecipient(trx, r.id);
      const type = NOTIFICATION_TYPES.ReactionListAlert;
      return { Name: r.name, NotificationType: type, NotificationTypeName: NOTIFICATION_TYPE_NAMES[type], Email: r.email };
    }
    const found = await q.linkTarget(trx, target.type, target.id, target.contactId);
    if (!found) throw notFound(ALERT_MESSAGES.alreadyUnsubscribed);
    await q.removeRecipients(trx, target.type, target.id, [target.contactId]);
    return { Name: found.name, NotificationType: target.type, NotificationTypeName: NOTIFICATION_TYPE_NAMES[target.type], Email: found.email };
  });
}
