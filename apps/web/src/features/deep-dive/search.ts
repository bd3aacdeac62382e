// The deep dive keeps its rail and period in the address beside the project's filter (rail,
// period), so that a reload or a shared link shows the same view and the back button steps
// between the views seen. A missing or unknown value falls back to the default (hashtags, weekly)
// instead of failing the route.
import {
  DEEP_DIVE_PERIODS,
  DEEP_DIVE_RAILS,
  DEFAULT_DEEP_DIVE_PERIOD,
  DEFAULT_DEEP_DIVE_RAIL,
  type DeepDivePeriod,
  type DeepDiveRail,
} from '@listening/contract';
import { z } from 'zod';

const isRail = (s: string): s is DeepDiveRail => (DEEP_DIVE_RAILS as readonly string[]).includes(s);
const isPeriod = (s: string): s is DeepDivePeriod => Object.hasOwn(DEEP_DIVE_PERIODS, s);

export const deepDiveSearchSchema = z.object({
  rail: z.string().refine(isRail).optional().catch(undefined),
  period: z.string().refine(isPeriod).optional().catch(undefined),
});
export type DeepDiveSearch = z.infer<typeof deepDiveSearchSchema>;

/** The view the address names, the defaults filling what it leaves out. */
export function deepDiveView(search: DeepDiveSearch): { rail: DeepDiveRail; period: DeepDivePeriod } {
  return {
    rail: search.rail && isRail(search.rail) ? search.rail : DEFAULT_DEEP_DIVE_RAIL,
    period: search.period && isPeriod(search.period) ? search.period : DEFAULT_DEEP_DIVE_PERIOD,
  };
}
