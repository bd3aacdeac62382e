// Shapes of the new-project wizard's calls (docs/spec/002_6c80e0f7cd09047f.txt sections 3 and 7.5). Money on the wire is in
// integer cents (…Cents fields) beside the rand figures the specification names.
import { z } from 'zod';
import { MAX_ID, zId } from '../common.ts';
import { MAX_QUANTITY } from './catalogue.ts';

export const Option = z.object({ Id: z.number(), Description: z.string() });

export const AccountOptions = z.object({
  RequestedBys: z.array(z.object({ Id: z.number(), Name: z.string(), IsPrimary: z.boolean() })),
  BillingTypes: z.array(Option),
  CancellationTypes: z.array(Option),
  PaymentTypes: z.array(Option),
  Defaults: z.object({ PaymentTypeId: z.number(), BillingTypeId: z.number(), CancellationTypeId: z.number() }),
});
export type AccountOptions = z.infer<typeof AccountOptions>;

export const Categories = z.object({ Categories: z.array(Option) });
export const ProjectTypesQuery = z.object({ parentId: z.coerce.number<number>({ error: 'parentId must be a number' }).int().min(0) });

/** Product type (price list): a header with its children, or a product. Price in rand, PriceCents exact. */
const productFields = {
  Id: z.number(),
  Description: z.string(),
  Price: z.number(),
  PriceCents: z.number(),
  Quantifiable: z.boolean(),
  IsDefault: z.boolean(),
  IsHeader: z.boolean(),
  Amount: z.number(),
};
export const ProductType = z.object({
  ...productFields,
  children: z.array(
    z.object({
      ...productFields,
      /** Charged every month ('month') or once ('once'): the price is shown with it. */
      Period: z.enum(['month', 'once']),
      children: z.array(z.never()),
    }),
  ),
});
export type ProductType = z.infer<typeof ProductType>;
export const PriceListQuery = z.object({
  currencyId: z.literal('ZAR', { error: 'currencyId must be ZAR' }),
  parent: z.coerce.number<number>({ error: 'parent must be a number' }).int().min(0).optional(),
});

const cents = (name: string) =>
  z
    .number({ error: `${name} must be a number of cents` })
    .int(`${name} must be whole cents`)
    .min(0, `${name} cannot be negative`);
const zDay = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${name} is not a real date`);

/** The step-3 alerts, exactly as the specification gives them. */
export const WIZARD_MESSAGES = {
  requestedBy: 'Please select a valid requested by',
  billingType: 'Please select a valid billing type by',
  paymentType: 'Please select a valid payment type by',
  cancellationType: 'Please select a valid cancellation type by',
  startDate: 'Please select a valid start date by',
  totalsDoNotAddUp: (field: string, expected: string, got: string) => `The ${field} does not add up: the products come to ${expected}, not ${got}`,
  endBeforeStart: 'The end date cannot be before the start date',
  saved: (name: string) => `Project ${name} created and its agreement saved`,
} as const;

/** A choice of step 3: a missing or malformed one answers the step's own alert. */
const choice = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const AgreementProductInput = z.object({
  ProductId: zId,
  Quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot go below 0')
    .max(MAX_QUANTITY, `Quantity is at most ${MAX_QUANTITY}`),
});

export const AgreementInput = z.object({
  ClientId: zId,
  RequestedById: choice(WIZARD_MESSAGES.requestedBy),
  CancellationTypeId: choice(WIZARD_MESSAGES.cancellationType),
  BillingTypeId: choice(WIZARD_MESSAGES.billingType),
  PaymentTypeId: choice(WIZARD_MESSAGES.paymentType),
  CurrencyId: z.literal('ZAR', { error: 'CurrencyId must be ZAR' }).default('ZAR'),
  StartDate: z.string({ error: WIZARD_MESSAGES.startDate }).min(1, WIZARD_MESSAGES.startDate).pipe(zDay('StartDate')),
  /** Optional: null when absent. */
  EndDate: zDay('EndDate').nullable().optional(),
  IsTrial: z.boolean().default(false),
  SendAgreementNow: z.boolean().default(true),
  IsFixedAgreement: z.literal(true, { error: 'IsFixedAgreement must be true' }).default(true),
  IsPerMonthCosting: z.literal(false, { error: 'IsPerMonthCosting must be false' }).default(false),
  InvoiceGroupId: zId.nullable().optional(),
  Products: z.array(AgreementProductInput, { error: 'Products must be a list' }).max(100, 'Too many products'),
  /** The totals the browser showed, in cents: refused (400) unless they are what the server computes. */
  ProductListTotal: cents('ProductListTotal'),
  AgreementTotal: cents('AgreementTotal'),
  ProductListFixedPrice: cents('ProductListFixedPrice').optional(),
});

export const SaveAgreementProjectBody = z.object({
  Agreement: AgreementInput,
  Bin: z.object({
    Name: z
      .string({ error: 'Please enter the project name' })
      .trim()
      .min(1, 'Please enter the project name')
      .max(120, 'Please shorten the project name (at most 120 characters)'),
  }),
  ProjectSetup: z.object({ ProjectTypeId: zId, ProjectSubTypeId: zId.nullable().optional(), CompetitorToProjectId: zId.nullable().optional() }),
  ProjectType: zId,
  /** What the project collects: words, "quoted phrases", AND, OR, NOT (the project's root rule). Defaults to the quoted name. */
  Keywords: z.string().trim().max(1000, 'Please shorten the keywords (at most 1000 characters)').optional(),
});
export type SaveAgreementProjectBody = z.input<typeof SaveAgreementProjectBody>;
export const SaveAgreementQuery = z.object({ ProductTypeId: zId });

export const SavedAgreement = z.object({
  Success: z.boolean(),
  Message: z.string(),
  AgreementId: z.number(),
  ProjectId: z.number(),
  BinId: z.number(),
  ProductListTotal: z.number(),
  Vat: z.number(),
  AgreementTotal: z.number(),
  AgreementSent: z.boolean(),
});
