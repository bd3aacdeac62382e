// The agreement as a one-page PDF (pdf-lib: pure JavaScript, no native build), mailed when the
// wizard's SendAgreementNow is set.
import { PRICE_PERIOD_LABELS, formatCents, type PeriodTotal, type PricedLine } from '@listening/contract';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface AgreementDocument {
  agreementId: number;
  clientName: string;
  projectName: string;
  projectType: string;
  requestedBy: string;
  billingType: string;
  paymentType: string;
  cancellationType: string;
  startDate: string;
  endDate: string | null;
  isTrial: boolean;
  products: PricedLine[];
  /** The totals per period (once-off, monthly): never added up across periods. */
  periods: PeriodTotal[];
}

const PERIOD_NAMES = { once: 'Once-off', month: 'Monthly' } as const;

/** Standard fonts carry WinAnsi only: anything else is replaced rather than failing the mail. */
const plain = (s: string) => s.replace(/[^\x20-\x7E]/g, '?');

export async function agreementPdf(a: AgreementDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Agreement ${a.agreementId}`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const text = (s: string, x: number, opts: { size?: number; b?: boolean; right?: boolean } = {}) => {
    const f = opts.b ? bold : font;
    const size = opts.size ?? 10;
    const t = plain(s);
    page.drawText(t, { x: opts.right ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  text(`Agreement ${a.agreementId}`, 50, { size: 18, b: true });
  y -= 28;
  for (const [k, v] of [
    ['Client', a.clientName],
    ['Project', `${a.projectName} (${a.projectType})`],
    ['Requested by', a.requestedBy],
    ['Billing type', a.billingType],
    ['Payment type', a.paymentType],
    ['Cancellation type', a.cancellationType],
    ['Start date', a.startDate],
    ['End date', a.endDate ?? 'None'],
    ['Trial', a.isTrial ? 'Yes' : 'No'],
    ['Currency', 'ZAR (South African rand)'],
  ]) {
    text(k, 50, { b: true });
    text(v, 180);
    y -= 16;
  }
  y -= 14;
  text('Product', 50, { b: true });
  text('Quantity', 300, { b: true, right: true });
  text('Price', 420, { b: true, right: true });
  text('Amount', 545, { b: true, right: true });
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5 });
  y -= 14;
  // Every price says its period: a monthly line and a once-off one are not the same money.
  for (const l of a.products) {
    text(l.Description.slice(0, 45), 50);
    text(String(l.Quantity), 300, { right: true });
    text(`${formatCents(l.Price)} ${PRICE_PERIOD_LABELS[l.Period]}`, 420, { right: true });
    text(`${formatCents(l.Amount)} ${PRICE_PERIOD_LABELS[l.Period]}`, 545, { right: true });
    y -= 16;
  }
  page.drawLine({ start: { x: 300, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5 });
  y -= 6;
  for (const t of a.periods) {
    const label = PRICE_PERIOD_LABELS[t.Period];
    for (const [k, v, b] of [
      [`${PERIOD_NAMES[t.Period]}: products (excl. VAT)`, t.ProductListTotal, false],
      [`${PERIOD_NAMES[t.Period]}: VAT (15%)`, t.Vat, false],
      [`${PERIOD_NAMES[t.Period]} total (incl. VAT)`, t.Total, true],
    ] as const) {
      text(k, 300, { b });
      text(`${formatCents(v)} ${label}`, 545, { b, right: true });
      y -= 16;
    }
    y -= 6;
  }
  return doc.save();
}
