// The new-project wizard (docs/spec/002_6c80e0f7cd09047f.txt sections 2.10, 3, 5, 7.5, 9), for administrators only (the routes'
// access level). Finish saves the agreement and creates the project, its root bin, the rule it
// collects by and its setup in one transaction; the simulator and connectors pick the project up
// with the next rule load. Totals are computed here in integer cents by the contract's
// priceAgreement, and a submission whose totals differ is refused: the browser's figures are
// only checked, never stored.
import {
  AGREEMENT_DEFAULTS,
  BILLING_TYPES,
  CANCELLATION_TYPES,
  CATALOGUE_PRODUCTS,
  PAYMENT_TYPES,
  PRICE_LIST,
  PROJECT_SUB_TYPES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  WIZARD_MESSAGES,
  defaultBillingType,
  defaultQuantities,
  defaultStreams,
  formatCents,
  periodSummary,
  priceAgreement,
  type AgreementPrice,
  type OperationResult,
  type ParsedInput,
} from '@listening/contract';
import type * as C from '@listening/contract';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../errors.ts';
import { ExpressionError, parseExpression } from '../../ingest/matcher/expression.ts';
import { mapperFor } from '../../ingest/matcher/compile.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { agreementPdf } from './pdf.ts';
import * as q from './queries.ts';

type Body = ParsedInput<typeof C.saveAgreementProject>['body'];

async function clientOr404(db: Db, clientId: number) {
  const c = await q.client(db, clientId);
  if (!c) throw notFound(`Client ${clientId} not found`);
  return c;
}

export async function accountOptions(db: Db, clientId: number): Promise<OperationResult<typeof C.getAccountOptions>> {
  await clientOr404(db, clientId);
  const people = await q.requesters(db, clientId);
  return {
    RequestedBys: people.map((p) => ({ Id: p.id, Name: `${p.name} ${p.surname}`.trim(), IsPrimary: p.is_primary })),
    BillingTypes: [...BILLING_TYPES],
    CancellationTypes: [...CANCELLATION_TYPES],
    PaymentTypes: [...PAYMENT_TYPES],
    Defaults: {
      PaymentTypeId: AGREEMENT_DEFAULTS.PaymentTypeId,
      BillingTypeId: defaultBillingType(defaultQuantities()),
      CancellationTypeId: AGREEMENT_DEFAULTS.CancellationTypeId,
    },
  };
}

/** 0: the project types; a type's id: its sub-products. */
export function projectTypes(parentId: number): { Id: number; Description: string }[] {
  if (parentId === 0) return [...PROJECT_TYPES];
  const subs = PROJECT_SUB_TYPES[parentId];
  if (!subs) throw notFound(`Project type ${parentId} does not exist`);
  return [...subs];
}

export function priceList(): OperationResult<typeof C.getPriceList> {
  return PRICE_LIST.map((h) => ({
    Id: h.Id,
    Description: h.Description,
    Price: 0,
    PriceCents: 0,
    Quantifiable: false,
    IsDefault: false,
    IsHeader: true,
    Amount: 0,
    children: h.children.map((p) => ({
      Id: p.Id,
      Description: p.Description,
      Price: p.PriceCents / 100,
      PriceCents: p.PriceCents,
      Quantifiable: p.Quantifiable,
      IsDefault: p.IsDefault,
      IsHeader: false,
      Amount: p.IsDefault ? p.PriceCents / 100 : 0,
      Period: p.Period,
      children: [],
    })),
  }));
}

const describe = (list: readonly { Id: number; Description: string }[], id: number) => list.find((o) => o.Id === id)?.Description;

/** The project's root rule: the keywords as given, else the name as one quoted phrase. */
function rootRule(name: string, keywords: string | undefined): string {
  const expression = keywords?.trim() || `"${name.replace(/"/g, ' ').replace(/\s+/g, ' ').trim()}"`;
  try {
    parseExpression(expression, mapperFor('phrase'));
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    throw badRequest(`The keywords cannot be read: ${err.message}. Write words, "quoted phrases", AND, OR, NOT and parentheses`);
  }
  return expression;
}

/** Every rule of step 3 and 4 that the screen also checks, and the ones only the server can (totals, ids). */
function checkAgreement(a: Body['Agreement'], requesterIds: Set<number>): AgreementPrice {
  if (!requesterIds.has(a.RequestedById)) throw badRequest(WIZARD_MESSAGES.requestedBy);
  if (!describe(BILLING_TYPES, a.BillingTypeId)) throw badRequest(WIZARD_MESSAGES.billingType);
  if (!describe(PAYMENT_TYPES, a.PaymentTypeId)) throw badRequest(WIZARD_MESSAGES.paymentType);
  if (!describe(CANCELLATION_TYPES, a.CancellationTypeId)) throw badRequest(WIZARD_MESSAGES.cancellationType);
  if (a.EndDate && a.EndDate < a.StartDate) throw badRequest(WIZARD_MESSAGES.endBeforeStart);
  let price: AgreementPrice;
  try {
    price = priceAgreement(a.Products);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  const check = (field: string, got: number | undefined, expected: number) => {
    if (got !== undefined && got !== expected) throw badRequest(WIZARD_MESSAGES.totalsDoNotAddUp(field, formatCents(expected), formatCents(got)));
  };
  check('ProductListTotal', a.ProductListTotal, price.ProductListTotal);
  check('ProductListFixedPrice', a.ProductListFixedPrice, price.ProductListTotal);
  check('AgreementTotal', a.AgreementTotal, price.AgreementTotal);
  return price;
}

export async function saveAgreementProject(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  productTypeId: number,
  body: Body,
): Promise<OperationResult<typeof C.saveAgreementProject>> {
  const a = body.Agreement;
  const typeId = body.ProjectSetup.ProjectTypeId;
  if (body.ProjectType !== typeId || productTypeId !== typeId)
    throw badRequest(`The project type is given as ${productTypeId}, ${body.ProjectType} and ${typeId}: they must be the same`);
  if (!PROJECT_TYPE_LABELS[typeId]) throw badRequest(`Project type ${typeId} does not exist`);
  const subTypeId = body.ProjectSetup.ProjectSubTypeId ?? null;
  if (subTypeId !== null && !PROJECT_SUB_TYPES[typeId]?.some((s) => s.Id === subTypeId))
    throw badRequest(`Sub-product ${subTypeId} is not one of ${PROJECT_TYPE_LABELS[typeId]}'s`);
  const client = await clientOr404(db, a.ClientId);
  const people = await q.requesters(db, a.ClientId);
  const price = checkAgreement(a, new Set(people.map((p) => p.id)));
  const name = body.Bin.Name;
  const keywords = rootRule(name, body.Keywords);
  const competitorId = body.ProjectSetup.CompetitorToProjectId ?? null;
  if (competitorId !== null && (await q.liveProject(db, competitorId))?.client_id !== a.ClientId)
    throw badRequest(`Project ${competitorId} is not a project of ${client.name}: it cannot be the competitor`);
  const codes = [...new Set(price.Products.map((l) => CATALOGUE_PRODUCTS.get(l.ProductId)?.ProductCode).filter((c): c is string => !!c))];

  const saved = await db.transaction().execute(async (trx) => {
    const ids = await q.insertProject(trx, {
      clientId: a.ClientId,
      name,
      typeId,
      subTypeId,
      streamIds: defaultStreams(typeId, subTypeId),
      start: new Date(`${a.StartDate}T00:00:00Z`),
      stop: a.EndDate ? new Date(`${a.EndDate}T23:59:59Z`) : null,
      keywords,
      competitorId,
    });
    const agreement = await q.insertAgreement(trx, {
      client_id: a.ClientId,
      project_id: ids.projectId,
      account_id: a.ClientId,
      requested_by_id: a.RequestedById,
      created_by_id: user.id,
      cancellation_type_id: a.CancellationTypeId,
      billing_type_id: a.BillingTypeId,
      payment_type_id: a.PaymentTypeId,
      invoice_group_id: a.InvoiceGroupId ?? null,
      currency_id: a.CurrencyId,
      project_type_id: typeId,
      project_sub_type_id: subTypeId,
      start_date: new Date(`${a.StartDate}T00:00:00Z`),
      end_date: a.EndDate ? new Date(`${a.EndDate}T00:00:00Z`) : null,
      is_trial: a.IsTrial,
      send_agreement_now: a.SendAgreementNow,
      is_fixed_agreement: a.IsFixedAgreement,
      is_per_month_costing: a.IsPerMonthCosting,
      products: JSON.stringify(price.Products),
      product_list_total_cents: price.ProductListTotal,
      product_list_fixed_price_cents: price.ProductListTotal,
      vat_cents: price.Vat,
      agreement_total_cents: price.AgreementTotal,
    });
    await q.addProductCodes(trx, a.ClientId, codes);
    await audit(trx, {
      actor: user,
      action: 'agreement.save',
      target: `project:${ids.projectId}`,
      detail: { agreementId: agreement.id, clientId: a.ClientId, totalCents: price.AgreementTotal, codes },
    });
    return { ...ids, agreementId: agreement.id };
  });
  // The collectors read rules from a cache: the new project's rule counts from the next post on.
  invalidateRules(db);

  let sent = false;
  if (a.SendAgreementNow) {
    const requester = people.find((p) => p.id === a.RequestedById)!;
    const pdf = await agreementPdf({
      agreementId: saved.agreementId,
      clientName: client.name,
      projectName: name,
      projectType: PROJECT_TYPE_LABELS[typeId],
      requestedBy: `${requester.name} ${requester.surname}`.trim(),
      billingType: describe(BILLING_TYPES, a.BillingTypeId)!,
      paymentType: describe(PAYMENT_TYPES, a.PaymentTypeId)!,
      cancellationType: describe(CANCELLATION_TYPES, a.CancellationTypeId)!,
      startDate: a.StartDate,
      endDate: a.EndDate ?? null,
      isTrial: a.IsTrial,
      products: price.Products,
      periods: price.Periods,
    });
    await mailer.send({
      to: requester.email,
      subject: `Your agreement for ${name} (${client.name})`,
      text:
        `Hello ${requester.name},\n\nThe project ${name} has been set up for ${client.name}. ` +
        `Your agreement is attached: ${periodSummary(price)}, VAT included.`,
      attachments: [{ filename: `agreement-${saved.agreementId}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
    });
    await q.markSent(db, saved.agreementId);
    sent = true;
  }
  return {
    Success: true,
    Message: WIZARD_MESSAGES.saved(name),
    AgreementId: saved.agreementId,
    ProjectId: saved.projectId,
    BinId: saved.binId,
    ProductListTotal: price.ProductListTotal,
    Vat: price.Vat,
    AgreementTotal: price.AgreementTotal,
    AgreementSent: sent,
  };
}
