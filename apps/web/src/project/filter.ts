// The project's filter lives in the address: datefrom, dateto,
// streams and, after 'Set As Dashboard', bin. A bad or missing value falls back instead of
// crashing; the shell then writes the resolved defaults back into the address.
import { MAX_RANGE_DAYS, YOUTUBE, defaultStreams, offeredStreams, type AnalyticQueryInput, type Project } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && dayjs(s, 'YYYY-MM-DD').isValid() && dayjs(s).format('YYYY-MM-DD') === s;

const day = z.string().refine(isDay).optional().catch(undefined);

/** The search params of every project route, as typed by the router; each falls back to undefined. */
export const projectSearchSchema = z.object({
  datefrom: day,
  dateto: day,
  streams: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional()
    .catch(undefined),
  bin: z.coerce.number().int().positive().optional().catch(undefined),
});
export type ProjectSearch = z.infer<typeof projectSearchSchema>;

/** The filter every widget reads: a whole-day range, the selected streams, an optional sub-bin. */
export interface ProjectFilter {
  datefrom: string;
  dateto: string;
  streams: number[];
  bin?: number;
}

export const streamsOfProject = (project: Pick<Project, 'StreamId'>): number[] =>
  project.StreamId.split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/** Streams the Filter menu offers for a project, in order. */
export const projectOfferedStreams = (project: Pick<Project, 'ProjectTypeId' | 'StreamId'>): number[] => {
  const own = streamsOfProject(project);
  return offeredStreams(project.ProjectTypeId, own);
};

/** Selected streams from the address: known, offered, and YouTube alone; otherwise the defaults. */
export function resolveStreams(list: string | undefined, project: Pick<Project, 'ProjectTypeId' | 'ProjectSubTypeId' | 'StreamId'>): number[] {
  const offered = projectOfferedStreams(project);
  const fallback = () => {
    const defaults = defaultStreams(project.ProjectTypeId, project.ProjectSubTypeId).filter((s) => offered.includes(s));
    return defaults.length ? defaults : offered.slice(0, 1);
  };
  if (!list) return fallback();
  const picked = [...new Set(list.split(',').map(Number))].filter((s) => offered.includes(s)).sort((a, b) => a - b);
  if (picked.length === 0) return fallback();
  if (picked.includes(YOUTUBE) && picked.length > 1) return picked.filter((s) => s !== YOUTUBE);
  return picked;
}

/** The last 30 days, today included. */
export function defaultRange(now: Dayjs = dayjs()): [string, string] {
  const today = now.startOf('day');
  return [today.subtract(29, 'day').format('YYYY-MM-DD'), today.format('YYYY-MM-DD')];
}

/** Dates from the address; out of order, or longer than the server allows, falls back to the last 30 days. */
export function resolveRange(datefrom: string | undefined, dateto: string | undefined, now: Dayjs = dayjs()): [string, string] {
  if (!datefrom || !dateto) return defaultRange(now);
  const from = dayjs(datefrom);
  const to = dayjs(dateto);
  if (to.isBefore(from) || to.diff(from, 'day') >= MAX_RANGE_DAYS) return defaultRange(now);
  return [datefrom, dateto];
}

export function resolveFilter(search: ProjectSearch, project: Project, now: Dayjs = dayjs()): ProjectFilter {
  const [datefrom, dateto] = resolveRange(search.datefrom, search.dateto, now);
  return { datefrom, dateto, streams: resolveStreams(search.streams, project), ...(search.bin ? { bin: search.bin } : {}) };
}

/** The address form of a filter. */
export const filterToSearch = (f: ProjectFilter): ProjectSearch => ({
  datefrom: f.datefrom,
  dateto: f.dateto,
  streams: f.streams.join(','),
  ...(f.bin ? { bin: f.bin } : {}),
});

/** True when the address lacks or misstates part of the resolved filter (then the shell rewrites it). */
export const searchNeedsRewrite = (search: ProjectSearch, f: ProjectFilter): boolean =>
  search.datefrom !== f.datefrom || search.dateto !== f.dateto || search.streams !== f.streams.join(',');

/**
 * The query every analytic read takes: the project or the dashboard's bin, the
 * range with its end at 23:59:59, the streams as a comma list.
 */
export type AnalyticParams = AnalyticQueryInput;

export function analyticParams(projectId: number, f: ProjectFilter): AnalyticParams {
  return {
    projectId,
    ...(f.bin ? { binId: f.bin } : {}),
    startDate: `${f.datefrom}T00:00:00`,
    endDate: `${f.dateto}T23:59:59`,
    streamIds: f.streams.join(','),
  };
}
