// Influencer comparison keeps its choice in the address beside the project's filter: ids, the
// compared influencer entries as a comma list (docs/spec/001_57268dddd5f58f8a.txt section 2). A bad list falls back to none.
import { INFLUENCER_COMPARE_DEFAULT, INFLUENCER_COMPARE_MAX } from '@listening/contract';
import { z } from 'zod';

export const influencerComparisonSearchSchema = z.object({
  ids: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((s) => /^\d{1,10}(,\d{1,10})*$/.test(s))
    .optional()
    .catch(undefined),
});
export type InfluencerComparisonSearch = z.infer<typeof influencerComparisonSearchSchema>;

/** The ids of the address that name an entry of the list, in the address' order, at most 5. */
export function chosenIds(ids: string | undefined, existing: readonly number[]): number[] {
  if (!ids) return [];
  return [...new Set(ids.split(',').map(Number))].filter((id) => existing.includes(id)).slice(0, INFLUENCER_COMPARE_MAX);
}

/**
 * What to write into the address when it names none: the first 2 entries (docs/spec/001_57268dddd5f58f8a.txt section 4: when
 * more than 2 exist); with only 1 or 2, those, so that the screen is never empty for want of a click.
 */
export function defaultIds(existing: readonly number[]): number[] {
  return existing.slice(0, INFLUENCER_COMPARE_DEFAULT);
}

/**
 * The picker's rule for ticking `id`: at most 5, and the last one chosen cannot be unticked
 * (docs/spec/001_57268dddd5f58f8a.txt section 5). Answers the new choice, or the old one when the rule refuses.
 */
export function toggleChoice(chosen: readonly number[], id: number): number[] {
  if (chosen.includes(id)) return chosen.length > 1 ? chosen.filter((x) => x !== id) : [...chosen];
  return chosen.length >= INFLUENCER_COMPARE_MAX ? [...chosen] : [...chosen, id];
}

export const idsParam = (ids: readonly number[]) => (ids.length ? ids.join(',') : undefined);
