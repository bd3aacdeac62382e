// What the new-project wizard offers: project types and their sub-products, the account options
// with their defaults, and the priced product list (docs/spec/002_6c80e0f7cd09047f.txt sections 2.10, 3, 5, 9). The specification
// gives the prices of the five locked products, the defaults and the VAT; the rest of the list,
// the sub-products and the option labels are ours (docs/contacts-and-agreements.md).
import { PRODUCTS, PROJECT_TYPE_IDS, PROJECT_TYPE_LABELS, type PricePeriod } from '../constants.ts';

/**
 * Wizard defaults (docs/spec/002_6c80e0f7cd09047f.txt section 9). The billing type is not fixed: it follows the period of what is
 * bought (defaultBillingType in pricing.ts), so a monthly project is not invoiced once-off.
 */
export const AGREEMENT_DEFAULTS = {
  PaymentTypeId: 2,
  CancellationTypeId: 1,
  IsTrial: false,
  SendAgreementNow: true,
  IsFixedAgreement: true,
  IsPerMonthCosting: false,
} as const;

/** VAT in percent, applied to the product list in integer cents. */
export const VAT_PERCENT = 15;

export const BILLING_TYPES = [
  { Id: 1, Description: 'Monthly invoice' },
  { Id: 2, Description: 'Quarterly invoice' },
  { Id: 3, Description: 'Once-off invoice' },
] as const;

export const CANCELLATION_TYPES = [
  { Id: 1, Description: '30 days notice' },
  { Id: 2, Description: '90 days notice' },
  { Id: 3, Description: 'At the end date' },
] as const;

export const PROJECT_TYPES = PROJECT_TYPE_IDS.map((Id) => ({ Id, Description: PROJECT_TYPE_LABELS[Id] }));

/**
 * Sub-products by project type. Single Platform's sub-products 7-11 are the ones whose default
 * stream the specification names (7 X, 8 Facebook, 9 YouTube, 10 Instagram, 11 LinkedIn).
 */
export const PROJECT_SUB_TYPES: Record<number, readonly { Id: number; Description: string }[]> = {
  1: [
    { Id: 21, Description: 'Corporate brand' },
    { Id: 22, Description: 'Product brand' },
  ],
  2: [
    { Id: 23, Description: 'Launch campaign' },
    { Id: 24, Description: 'Always-on campaign' },
  ],
  3: [
    { Id: 25, Description: 'Single hashtag' },
    { Id: 26, Description: 'Hashtag set' },
  ],
  5: [{ Id: 27, Description: 'Own profiles' }],
  6: [{ Id: 28, Description: 'Influencer list' }],
  7: [
    { Id: 29, Description: 'Head-to-head' },
    { Id: 30, Description: 'Market set' },
  ],
  8: [
    { Id: 7, Description: 'X' },
    { Id: 8, Description: 'Facebook' },
    { Id: 9, Description: 'YouTube' },
    { Id: 10, Description: 'Instagram' },
    { Id: 11, Description: 'LinkedIn' },
  ],
  9: [
    { Id: 31, Description: 'Industry topic' },
    { Id: 32, Description: 'Issue or crisis topic' },
  ],
};

/** One priced product of the list, price in integer cents (excluding VAT). */
export interface CatalogueProduct {
  Id: number;
  Description: string;
  PriceCents: number;
  /** Ordered in any number; otherwise 0 or 1. */
  Quantifiable: boolean;
  /** Starts at 1; a quantifiable default product never goes below 1. */
  IsDefault: boolean;
  /** Charged every month or once: the agreement's totals are per period, never summed across them. */
  Period: PricePeriod;
  /** The product code the client owns once the agreement is saved (unlocks the side-menu item). */
  ProductCode?: string;
}

export interface CatalogueHeader {
  Id: number;
  Description: string;
  children: readonly CatalogueProduct[];
}

const rand = (r: number) => Math.round(r * 100);

export const PRICE_LIST: readonly CatalogueHeader[] = [
  {
    Id: 100,
    Description: 'Monitoring',
    children: [
      { Id: 101, Description: 'Social listening project', PriceCents: rand(2950), Quantifiable: true, IsDefault: true, Period: 'month' },
      { Id: 102, Description: 'Project setup and keyword design', PriceCents: rand(1500), Quantifiable: false, IsDefault: true, Period: 'once' },
      { Id: 103, Description: 'Additional keyword set', PriceCents: rand(350), Quantifiable: true, IsDefault: false, Period: 'month' },
    ],
  },
  {
    Id: 200,
    Description: 'Analysis products',
    children: [
      {
        Id: 201,
        Description: PRODUCTS.Sentiment.name,
        PriceCents: rand(PRODUCTS.Sentiment.price),
        Period: PRODUCTS.Sentiment.period,
        Quantifiable: false,
        IsDefault: false,
        ProductCode: 'KPSZ10',
      },
      {
        Id: 202,
        Description: PRODUCTS.ReactionLists.name,
        PriceCents: rand(PRODUCTS.ReactionLists.price),
        Period: PRODUCTS.ReactionLists.period,
        Quantifiable: false,
        IsDefault: false,
        ProductCode: 'KPRW10',
      },
      {
        Id: 203,
        Description: PRODUCTS.DeepDive.name,
        PriceCents: rand(PRODUCTS.DeepDive.price),
        Period: PRODUCTS.DeepDive.period,
        Quantifiable: false,
        IsDefault: false,
        ProductCode: 'KPVT10',
      },
      {
        Id: 204,
        Description: PRODUCTS.SortBins.name,
        PriceCents: rand(PRODUCTS.SortBins.price),
        Period: PRODUCTS.SortBins.period,
        Quantifiable: false,
        IsDefault: false,
        ProductCode: 'KPOZ10',
      },
      {
        Id: 205,
        Description: PRODUCTS.InputBins.name,
        PriceCents: rand(PRODUCTS.InputBins.price),
        Period: PRODUCTS.InputBins.period,
        Quantifiable: false,
        IsDefault: false,
        ProductCode: 'KPIB10',
      },
    ],
  },
  {
    Id: 300,
    Description: 'Reporting',
    children: [
      { Id: 301, Description: 'Scheduled report (each)', PriceCents: rand(150), Quantifiable: true, IsDefault: false, Period: 'month' },
      { Id: 302, Description: 'Additional contact seat (each)', PriceCents: rand(95.5), Quantifiable: true, IsDefault: false, Period: 'month' },
    ],
  },
];

/** Every product of the list by id. */
export const CATALOGUE_PRODUCTS: ReadonlyMap<number, CatalogueProduct> = new Map(PRICE_LIST.flatMap((h) => h.children.map((p) => [p.Id, p] as const)));

/** The largest quantity of one product: keeps every total within the database's integer cents. */
export const MAX_QUANTITY = 1000;
