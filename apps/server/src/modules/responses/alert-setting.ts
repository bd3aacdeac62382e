// A project's Response alert setting (docs/responses.md, "Alerts"): on or off, the wait, and the
// contacts of the project's client it tells. Read by anyone who may see the project; changed by
// whoever may change it, while the client is not In-Active. Recipients must be active contacts of
// the project's client (400 naming the ids otherwise); the alerting job checks them again.
import { DEFAULT_RESPONSE_WAIT_MINUTES, type ResponseAlertBody, type ResponseAlertSetting } from '@listening/contract';
import { activeContactIdsOf } from '../../access/contacts.ts';
import { projectForUser, projectForWrite } from '../../access/index.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

async function readSetting(db: Db, project: { id: number; client_id: number }): Promise<ResponseAlertSetting> {
  const [row, recipients, wordBinContacts] = await Promise.all([
    q.alertSetting(db, project.id),
    q.alertRecipients(db, project.id, project.client_id),
    q.wordBinContactCount(db, project.id),
  ]);
  return {
    ProjectId: project.id,
    Active: row?.is_active ?? false,
    WaitMinutes: row?.wait_minutes ?? DEFAULT_RESPONSE_WAIT_MINUTES,
    Recipients: recipients.map((r) => ({ ContactId: r.contact_id, Name: r.name, Surname: r.surname, Email: r.email })),
    WordBinContacts: wordBinContacts,
  };
}

export async function getResponseAlert(db: Db, user: AuthUser, projectId: number): Promise<ResponseAlertSetting> {
  return readSetting(db, await projectForUser(db, user, projectId));
}

export async function saveResponseAlert(db: Db, user: AuthUser, body: ResponseAlertBody): Promise<ResponseAlertSetting> {
  const project = await projectForWrite(db, user, body.projectId);
  const ids = [...new Set(body.recipientIds)];
  const known = await activeContactIdsOf(db, project.client_id, ids);
  const strangers = ids.filter((id) => !known.has(id));
  if (strangers.length)
    throw badRequest(
      `recipientIds ${strangers.slice(0, 10).join(', ')} ${strangers.length === 1 ? 'is not an active contact' : 'are not active contacts'} of this project's client`,
    );
  if (body.active && ids.length === 0 && (await q.wordBinContactCount(db, project.id)) === 0)
    throw badRequest('Choose at least one contact to tell: the project has no Response Contact on its word bins either');
  await db
    .transaction()
    .execute((tx) => q.saveSetting(tx, { projectId: project.id, active: body.active, waitMinutes: body.waitMinutes, recipientIds: ids, userId: user.id }));
  return readSetting(db, project);
}
