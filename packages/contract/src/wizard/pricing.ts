// The agreement's price, in integer cents: used by the wizard to show the totals and by the server,
// which recomputes them and refuses a submission whose totals do not add up. Rand amounts never pass
// through floating point: VAT is 15% of the cents, rounded half up to a whole cent.
import { PRICE_PERIOD_LABELS, type PricePeriod } from '../constants.ts';
import { BILLING_TYPES, CATALOGUE_PRODUCTS, MAX_QUANTITY, PRICE_LIST, VAT_PERCENT, type CatalogueProduct } from './catalogue.ts';

export interface QuantityLine {
  ProductId: number;
  Quantity: number;
}

export interface PricedLine {
  Id: number;
  ProductId: number;
  Description: string;
  Quantity: number;
  /** Unit price in cents. */
  Price: number;
  /** Quantity × Price, in cents. */
  Amount: number;
  /** Charged every month or once. */
  Period: PricePeriod;
}

/** The lines of one period, in cents: what the client pays once, and what every month. */
export interface PeriodTotal {
  Period: PricePeriod;
  ProductListTotal: number;
  Vat: number;
  Total: number;
}

export interface AgreementPrice {
  Products: PricedLine[];
  /** Per period, once-off first; a period with no lines is left out. What the wizard and the PDF show. */
  Periods: PeriodTotal[];
  /** The product list before VAT, in cents, all periods together: only the submission's check, never shown as a total. */
  ProductListTotal: number;
  /** The periods' VAT added up. */
  Vat: number;
  /** With VAT, in cents, all periods together (the submission's check). */
  AgreementTotal: number;
}

/** The order periods are shown in. */
const PERIOD_ORDER: readonly PricePeriod[] = ['once', 'month'];

/** The smallest quantity a product may have: 1 for a quantifiable default product, else 0. */
export const minQuantity = (p: CatalogueProduct) => (p.IsDefault && p.Quantifiable ? 1 : 0);
/** The largest: 1 for a product that is not quantifiable. */
export const maxQuantity = (p: CatalogueProduct) => (p.Quantifiable ? MAX_QUANTITY : 1);

/** The quantities the wizard starts with: 1 for each default product, 0 for the rest. */
export function defaultQuantities(): Record<number, number> {
  return Object.fromEntries(PRICE_LIST.flatMap((h) => h.children.map((p) => [p.Id, p.IsDefault ? 1 : 0])));
}

/** A quantity moved within the product's bounds (the wizard's steppers). */
export function clampQuantity(p: CatalogueProduct, quantity: number): number {
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : minQuantity(p);
  return Math.min(maxQuantity(p), Math.max(minQuantity(p), whole));
}

/** Why a quantity is refused, in the wizard's words, or null. */
export function quantityProblem(p: CatalogueProduct, quantity: number): string | null {
  if (!Number.isInteger(quantity)) return `The quantity of ${p.Description} must be a whole number`;
  if (quantity < 0) return `The quantity of ${p.Description} cannot go below 0`;
  if (quantity < minQuantity(p)) return `${p.Description} is part of every project: its quantity cannot go below ${minQuantity(p)}`;
  if (quantity > maxQuantity(p))
    return p.Quantifiable ? `The quantity of ${p.Description} is at most ${MAX_QUANTITY}` : `${p.Description} is ordered once (quantity 0 or 1)`;
  return null;
}

/** VAT on an amount in cents, rounded half up to the cent. */
export const vatOf = (cents: number) => Math.floor((cents * VAT_PERCENT + 50) / 100);

/**
 * Prices the lines against the list. Lines of unknown products, repeated products or refused
 * quantities throw an Error naming the problem; a default product left out counts at its minimum.
 * Lines with quantity 0 are left out of the result.
 */
export function priceAgreement(lines: readonly QuantityLine[]): AgreementPrice {
  const quantities = new Map<number, number>();
  for (const l of lines) {
    const p = CATALOGUE_PRODUCTS.get(l.ProductId);
    if (!p) throw new Error(`Product ${l.ProductId} is not on the price list`);
    if (quantities.has(l.ProductId)) throw new Error(`${p.Description} is listed twice`);
    const problem = quantityProblem(p, l.Quantity);
    if (problem) throw new Error(problem);
    quantities.set(l.ProductId, l.Quantity);
  }
  const Products: PricedLine[] = [];
  for (const h of PRICE_LIST)
    for (const p of h.children) {
      const Quantity = quantities.get(p.Id) ?? minQuantity(p);
      if (Quantity > 0)
        Products.push({
          Id: Products.length + 1,
          ProductId: p.Id,
          Description: p.Description,
          Quantity,
          Price: p.PriceCents,
          Amount: Quantity * p.PriceCents,
          Period: p.Period,
        });
    }
  // VAT is taken per period, so each period's total is exactly what its invoice will say.
  const Periods: PeriodTotal[] = [];
  for (const Period of PERIOD_ORDER) {
    const lines = Products.filter((l) => l.Period === Period);
    if (!lines.length) continue;
    const net = lines.reduce((s, l) => s + l.Amount, 0);
    const vat = vatOf(net);
    Periods.push({ Period, ProductListTotal: net, Vat: vat, Total: net + vat });
  }
  const ProductListTotal = Periods.reduce((s, t) => s + t.ProductListTotal, 0);
  const Vat = Periods.reduce((s, t) => s + t.Vat, 0);
  return { Products, Periods, ProductListTotal, Vat, AgreementTotal: ProductListTotal + Vat };
}

/** A price with its period: 'R 2,950.00 / month', 'R 1,500.00 once-off'. */
export const formatPrice = (cents: number, period: PricePeriod) => `${formatCents(cents)} ${PRICE_PERIOD_LABELS[period]}`;

/** The agreement's totals with VAT, one per period, never summed: 'R 1,725.00 once-off + R 3,392.50 / month'. */
export function periodSummary(price: Pick<AgreementPrice, 'Periods'>): string {
  return price.Periods.map((t) => formatPrice(t.Total, t.Period)).join(' + ') || formatCents(0);
}

/** The billing type an agreement starts with: monthly when it has a monthly product, else once-off. */
export function defaultBillingType(quantities: Record<number, number>): number {
  const monthly = Object.entries(quantities).some(([id, q]) => q > 0 && CATALOGUE_PRODUCTS.get(Number(id))?.Period === 'month');
  const id = monthly ? 1 : 3;
  return BILLING_TYPES.find((b) => b.Id === id)!.Id;
}

/** Cents as rand with two decimals for display ('R 3,392.50'). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}R ${whole}.${String(abs % 100).padStart(2, '0')}`;
}
