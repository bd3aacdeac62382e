// The deep dive keeps its rail and period in the address beside the project's filter (rail,
// period), so that a reload or a shared link shows the same view and the back button steps
// between the views seen. A missing or unknown value falls back to the default (hashtags, weekly)
// instead of failing the route, and so does Hourly when the Filter's range is too long to draw
// by the hour.
import {
  DEEP_DIVE_PERIODS,
  DEEP_DIVE_RAILS,
  DEFAULT_DEEP_DIVE_PERIOD,
  DEFAULT_DEEP_DIVE_RAIL,
  periodFits,
  type DeepDivePeriod,
  type DeepDiveRail,
} from '@listening/contract';
import type { ProjectFilter } from '../../project/filter.ts';
import { z } from 'zod';

const isRail = (s: string): s is DeepDiveRail => (DEEP_DIVE_RAILS as readonly string[]).includes(s);
const isPeriod = (s: string): s is DeepDivePeriod => Object.hasOwn(DEEP_DIVE_PERIODS, s);

export const deepDiveSearchSchema = z.object({
  rail: z.string().refine(isRail).optional().catch(undefined),
  period: z.string().refine(isPeriod).optional().catch(undefined),
});
export type DeepDiveSearch = z.infer<typeof deepDiveSearchSchema>;

/** Whether the period can draw the Filter's range (its whole days, on the client's wall clock). */
export const periodFitsFilter = (period: DeepDivePeriod, f: Pick<ProjectFilter, 'datefrom' | 'dateto'>) =>
  periodFits(period, new Date(`${f.datefrom}T00:00:00Z`), new Date(`${f.dateto}T23:59:59Z`));

/** The view the address names over the Filter's range, the defaults filling what it leaves out or cannot draw. */
export function deepDiveView(search: DeepDiveSearch, filter: Pick<ProjectFilter, 'datefrom' | 'dateto'>): { rail: DeepDiveRail; period: DeepDivePeriod } {
  const period = search.period && isPeriod(search.period) ? search.period : DEFAULT_DEEP_DIVE_PERIOD;
  return {
    rail: search.rail && isRail(search.rail) ? search.rail : DEFAULT_DEEP_DIVE_RAIL,
    period: periodFitsFilter(period, filter) ? period : DEFAULT_DEEP_DIVE_PERIOD,
  };
}
