// Words for buckets the figures cover only part of (the server's Partial, by the contract's
// periods.ts rule): a cut first or last week or month, the bucket that holds now, or one that
// begins before the project's first data. Drawn hatched, and said in the tooltip.
import type { Bucket } from '@listening/contract';

export interface PartialBucket {
  Covered: number;
  Of: number;
  Unit: 'day' | 'hour';
  SoFar: boolean;
  BeforeData?: true;
}

/** The insights chart's title says the bucket it shows. */
export const INSIGHTS_TITLE: Record<Bucket, string> = { day: 'Daily insights', week: 'Weekly insights', month: 'Monthly insights' };

/** 'So far: 3 of 7 days', 'Partial: 1 of 7 days in range', 'Not begun yet', 'Before the data starts'. */
export function partialText(p: PartialBucket): string {
  const of = `${p.Covered} of ${p.Of} ${p.Unit}${p.Of === 1 ? '' : 's'}`;
  if (p.BeforeData && p.Covered === 0) return 'Before the data starts';
  if (p.BeforeData) return `Partial: ${of} since the data starts`;
  if (p.SoFar) return `So far: ${of}`;
  if (p.Covered === 0) return 'Not begun yet';
  return `Partial: ${of} in range`;
}
