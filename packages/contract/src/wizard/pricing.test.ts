import { describe, expect, it } from 'vitest';
import { CATALOGUE_PRODUCTS } from './catalogue.ts';
import {
  clampQuantity,
  defaultBillingType,
  defaultQuantities,
  formatCents,
  formatPrice,
  periodSummary,
  priceAgreement,
  quantityProblem,
  vatOf,
} from './pricing.ts';

const lines = (q: Record<number, number>) => Object.entries(q).map(([id, n]) => ({ ProductId: Number(id), Quantity: n }));

describe('agreement pricing in integer cents', () => {
  it('starts every default product at 1 and the rest at 0', () => {
    const q = defaultQuantities();
    expect(q[101]).toBe(1);
    expect(q[102]).toBe(1);
    expect(q[201]).toBe(0);
  });

  it('totals the lines and adds 15% VAT, rounded half up to the cent', () => {
    const price = priceAgreement(lines({ ...defaultQuantities(), 201: 1, 302: 3 }));
    // 2950 + 1500 + 490 + 3 × 95.50 = 5226.50; VAT 783.975 → 783.98
    expect(price.ProductListTotal).toBe(522_650);
    expect(price.Vat).toBe(78_398);
    expect(price.AgreementTotal).toBe(601_048);
    expect(price.Products.map((l) => l.ProductId)).toEqual([101, 102, 201, 302]);
    expect(price.Products.find((l) => l.ProductId === 302)).toMatchObject({ Quantity: 3, Price: 9_550, Amount: 28_650 });
  });

  it('computes VAT without floating point drift', () => {
    expect(vatOf(10)).toBe(2); // 1.5 cents rounds up
    expect(vatOf(3)).toBe(0); // 0.45 cents rounds down
    expect(vatOf(1_000_000_001)).toBe(150_000_000);
  });

  it('never lets a quantity below 0, nor a quantifiable default product below 1', () => {
    const project = CATALOGUE_PRODUCTS.get(101)!;
    const keyword = CATALOGUE_PRODUCTS.get(103)!;
    const setup = CATALOGUE_PRODUCTS.get(102)!;
    expect(clampQuantity(project, 0)).toBe(1);
    expect(clampQuantity(keyword, -4)).toBe(0);
    expect(clampQuantity(setup, 5)).toBe(1);
    expect(quantityProblem(keyword, -1)).toBe('The quantity of Additional keyword set cannot go below 0');
    expect(quantityProblem(keyword, 1.5)).toBe('The quantity of Additional keyword set must be a whole number');
    expect(quantityProblem(project, 0)).toMatch(/cannot go below 1/);
    expect(() => priceAgreement(lines({ 101: 0 }))).toThrow(/cannot go below 1/);
    expect(() => priceAgreement(lines({ 999: 1 }))).toThrow('Product 999 is not on the price list');
  });

  it('totals once-off and monthly lines apart, each with its own VAT, and never sums them in what it shows', () => {
    const price = priceAgreement(lines({ ...defaultQuantities(), 201: 1 }));
    // Once-off: the setup, 1500 + 225. Monthly: the project and Sentiment, 2950 + 490 = 3440 + 516.
    expect(price.Periods).toEqual([
      { Period: 'once', ProductListTotal: 150_000, Vat: 22_500, Total: 172_500 },
      { Period: 'month', ProductListTotal: 344_000, Vat: 51_600, Total: 395_600 },
    ]);
    expect(periodSummary(price)).toBe('R 1,725.00 once-off + R 3,956.00 / month');
    expect(price.Products.map((l) => [l.ProductId, l.Period])).toEqual([
      [101, 'month'],
      [102, 'once'],
      [201, 'month'],
    ]);
    // Without the setup only the monthly total is left.
    expect(periodSummary(priceAgreement(lines({ 102: 0 })))).toBe('R 3,392.50 / month');
  });

  it('gives every price its period', () => {
    expect(formatPrice(49_000, 'month')).toBe('R 490.00 / month');
    expect(formatPrice(150_000, 'once')).toBe('R 1,500.00 once-off');
  });

  it('bills monthly when the agreement has a monthly product, and once-off only when it has none', () => {
    expect(defaultBillingType(defaultQuantities())).toBe(1);
    expect(defaultBillingType({ 101: 0, 102: 1 })).toBe(3);
  });

  it('shows cents as rand with two decimals', () => {
    expect(formatCents(601_048)).toBe('R 6,010.48');
    expect(formatCents(5)).toBe('R 0.05');
  });
});
