// 'Add' on a locked product: the request is recorded (client, project, user, product, time), the
// provider's admins hear of it in the bell and by mail, and the user is thanked. Any user who may
// see the project may ask (viewers too: asking changes none of the client's data); an In-Active
// client's contacts may not, as for every other change. The same product for the same project
// within PRODUCT_REQUEST_REPEAT_HOURS is one request: nothing is stored or sent again. A product
// the project already has answers 409.
import {
  NOTIFICATION_BEHAVIOUR,
  PRICE_PERIOD_LABELS,
  PRODUCT_REQUEST_REPEAT_HOURS,
  PRODUCTS,
  lockedProduct,
  productRequestThanks,
  type OperationResult,
  type ParsedInput,
} from '@listening/contract';
import type * as C from '@listening/contract';
import { clientProductCodes, projectForWrite } from '../../access/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { ringBell } from '../../mail/notify.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type Body = ParsedInput<typeof C.requestProduct>['body'];

export async function requestProduct(db: Db, mailer: Mailer, user: AuthUser, body: Body): Promise<OperationResult<typeof C.requestProduct>> {
  const project = await projectForWrite(db, user, body.projectId);
  const product = PRODUCTS[body.product];
  // Only a locked product can be asked for: the menu's own rule (contract products.ts).
  if (!lockedProduct(body.product, project.project_type_id, await clientProductCodes(db, project.client_id)))
    throw new HttpError(409, `${product.name} is already part of the project ${project.description}: there is nothing to request`);
  const since = new Date(Date.now() - PRODUCT_REQUEST_REPEAT_HOURS * 3_600_000);

  const outcome = await db.transaction().execute(async (trx) => {
    await q.lockProject(trx, project.id);
    const previous = await q.recentRequest(trx, project.id, body.product, since);
    if (previous) return { already: true, at: previous.created_at, mails: [] };
    const row = await q.insertRequest(trx, { clientId: project.client_id, projectId: project.id, userId: user.id, product: body.product });
    const who = await q.requester(trx, user.id);
    const client = await q.clientName(trx, project.client_id);
    const admins = await q.admins(trx);
    const name = `${who.name} ${who.surname}`.trim();
    const line = `${name} (${client.name}) asked for ${product.name} in the project ${project.description}.`;
    // Seen once clicked, as the bell's other messages; it opens the project asked about.
    await ringBell(
      trx,
      admins.map((a) => a.id),
      { description: `Product request: ${line}`, typeId: NOTIFICATION_BEHAVIOUR.MarkSeen, projectId: project.id },
    );
    const mails = admins.map((a) => ({
      to: a.email,
      subject: `Product request: ${product.name} for ${project.description}`,
      text:
        `${line}\n\n` +
        `Client: ${client.name}\nProject: ${project.description} (id ${project.id})\n` +
        `Product: ${product.name} (${product.codes.join(' or ')}), R ${product.price} ${PRICE_PERIOD_LABELS[product.period]}\n` +
        `Asked by: ${name} <${who.email}>\nAt: ${row.created_at.toISOString()}\n\n` +
        `Add the product to the client in the admin screens and let them know.`,
    }));
    return { already: false, at: row.created_at, mails };
  });
  // Queued after the request is committed: a mail is never sent for a request that was not stored.
  for (const mail of outcome.mails) await mailer.send(mail);
  return {
    Message: productRequestThanks(product.name, project.description, outcome.already),
    AlreadyRequested: outcome.already,
    DateRequested: outcome.at.toISOString(),
  };
}
