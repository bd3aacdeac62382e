// Words for buckets the figures cover only part of (the server's Partial, by the contract's
// periods.ts rule): a cut first or last week or month, the bucket that holds now, or one that
// begins before the project's first data. Drawn hatched, and said in the tooltip.
import type { Bucket } from '@listening/contract';

/** The words are the contract's (periods.ts), the same in the PDF and the workbook. */
export { partialText } from '@listening/contract';

/** A bucket's Partial as the server answers it. */
export interface PartialBucket {
  Covered: number;
  Of: number;
  Unit: 'day' | 'hour';
  SoFar: boolean;
  BeforeData?: true;
}

/** The insights chart's title says the bucket it shows. */
export const INSIGHTS_TITLE: Record<Bucket, string> = { day: 'Daily insights', week: 'Weekly insights', month: 'Monthly insights' };
