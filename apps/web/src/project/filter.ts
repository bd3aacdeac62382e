// The project's filter lives in the address: datefrom, dateto,
// streams and, after 'Set As Dashboard', bin. A bad or missing value falls back instead of
// crashing; the shell then writes the resolved defaults back into the address.
import { MAX_RANGE_DAYS, YOUTUBE, analysisDefaultDays, defaultFilterStreams, offeredStreams, type AnalyticQueryInput, type Project } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A bin id as the server takes it: a positive 32-bit integer. */
const isBin = (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647;
const isDay = (s: string) => DAY.test(s) && dayjs(s, 'YYYY-MM-DD').isValid() && dayjs(s).format('YYYY-MM-DD') === s;

// The search params are kept as typed (a number becomes its string), so that a value the filter
// cannot use is still there to be named in the shell's notice; resolveFilter decides what is kept.
const raw = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

/** The search params of every project route, as typed by the router: strings, or undefined. */
export const projectSearchSchema = z.object({ datefrom: raw, dateto: raw, streams: raw, bin: raw });
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

/**
 * What a screen changes in the filter's defaults (screen-filter.ts says which screen has which):
 * the range when the address names none, and streams the screen leaves out (Sentiment: YouTube).
 */
export interface ScreenFilterRules {
  defaultRange: (now: Dayjs) => [string, string];
  /** Streams the screen does not offer, unless the project offers nothing else. */
  dropStreams?: readonly number[];
  /**
   * Set on a screen whose content does not follow the Filter: the shell hides the Filter, leaves
   * the address as it is and shows what the screen covers instead (a not-found page says nothing).
   * Its filter is the default range and streams, whatever the address says.
   */
  fixed?: { covers?: (f: ProjectFilter) => string };
  /** The screen reads every stream the project offers (YouTube only when it is the only one). */
  allStreams?: boolean;
}

/** The streams a screen's Filter offers: the project's, less those the screen drops (unless none would be left). */
export function screenOfferedStreams(project: Pick<Project, 'ProjectTypeId' | 'StreamId'>, rules?: Pick<ScreenFilterRules, 'dropStreams'>): number[] {
  const offered = projectOfferedStreams(project);
  const kept = offered.filter((s) => !rules?.dropStreams?.includes(s));
  return kept.length ? kept : offered;
}

/** Selected streams from the address: known, offered, and YouTube alone; otherwise the defaults. */
export function resolveStreams(
  list: string | undefined,
  project: Pick<Project, 'ProjectTypeId' | 'ProjectSubTypeId' | 'StreamId'>,
  rules?: Pick<ScreenFilterRules, 'dropStreams'>,
): number[] {
  const offered = screenOfferedStreams(project, rules);
  const fallback = () => defaultFilterStreams(project.ProjectTypeId, project.ProjectSubTypeId, offered);
  if (!list || !/^\d+(,\d+)*$/.test(list)) return fallback();
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

/**
 * The analysis screens' range (docs/spec/001_57268dddd5f58f8a.txt section 9): yesterday 00:00 to now. The filter holds whole
 * days, so it is yesterday to today; the server reads no further than now and the charts cap
 * their last bucket at now (contract chartBuckets).
 */
export function sinceYesterday(now: Dayjs = dayjs()): [string, string] {
  return analysisDefaultDays(now.format('YYYY-MM-DD'));
}

/** The dashboard's rules: the last 30 days, every offered stream. */
export const DASHBOARD_FILTER: ScreenFilterRules = { defaultRange };

/** Dates from the address; out of order, or longer than the server allows, falls back to the screen's default range. */
export function resolveRange(
  datefrom: string | undefined,
  dateto: string | undefined,
  now: Dayjs = dayjs(),
  fallback: (now: Dayjs) => [string, string] = defaultRange,
): [string, string] {
  if (!datefrom || !dateto || !isDay(datefrom) || !isDay(dateto)) return fallback(now);
  const from = dayjs(datefrom);
  const to = dayjs(dateto);
  if (to.isBefore(from) || to.diff(from, 'day') >= MAX_RANGE_DAYS) return fallback(now);
  return [datefrom, dateto];
}

export function resolveFilter(search: ProjectSearch, project: Project, now: Dayjs = dayjs(), rules: ScreenFilterRules = DASHBOARD_FILTER): ProjectFilter {
  const bin = search.bin && isBin(search.bin) ? Number(search.bin) : undefined;
  // A screen that does not follow the Filter reads its own range and streams; the bin still
  // travels, so its header can say the screen does not count it.
  const own: ProjectSearch = rules.fixed ? { ...(rules.allStreams ? { streams: screenOfferedStreams(project, rules).join(',') } : {}) } : search;
  const [datefrom, dateto] = resolveRange(own.datefrom, own.dateto, now, rules.defaultRange);
  return { datefrom, dateto, streams: resolveStreams(own.streams, project, rules), ...(bin ? { bin } : {}) };
}

/**
 * The filter a menu item carries to the next screen: what differs from the shown screen's
 * defaults (a range or streams the user chose, or that a link named) and the bin. A filter at the
 * screen's defaults carries nothing, so the next screen opens at its own defaults, exactly as
 * when its address is typed or shared without them. On a screen that does not follow the Filter
 * the address is carried as it came.
 */
export function linkSearch(search: ProjectSearch, f: ProjectFilter, project: Project, now: Dayjs, rules: ScreenFilterRules): ProjectSearch {
  if (rules.fixed) {
    const { datefrom, dateto, streams, bin } = search;
    return Object.fromEntries(Object.entries({ datefrom, dateto, streams, bin }).filter(([, v]) => v !== undefined && v !== ''));
  }
  const d = resolveFilter({}, project, now, rules);
  const out = filterToSearch(f);
  if (f.datefrom === d.datefrom && f.dateto === d.dateto) {
    delete out.datefrom;
    delete out.dateto;
  }
  if (f.streams.join(',') === d.streams.join(',')) delete out.streams;
  return out;
}

/** The address form of a filter. */
export const filterToSearch = (f: ProjectFilter): ProjectSearch => ({
  datefrom: f.datefrom,
  dateto: f.dateto,
  streams: f.streams.join(','),
  ...(f.bin ? { bin: String(f.bin) } : {}),
});

/** True when the address lacks or misstates part of the resolved filter (then the shell rewrites it). */
export const searchNeedsRewrite = (search: ProjectSearch, f: ProjectFilter): boolean =>
  search.datefrom !== f.datefrom || search.dateto !== f.dateto || search.streams !== f.streams.join(',') || (search.bin ?? '') !== (f.bin ? String(f.bin) : '');

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

/** A part of the address that was refused and replaced by its default. */
export type RefusedPart = 'dates' | 'streams' | 'bin';

const present = (v: string | undefined) => v !== undefined && v !== '';

/**
 * Which parts of the raw address (as typed, before the schema's fallbacks) the resolved filter
 * did not keep: a malformed or out-of-range date pair, streams the project does not offer (or
 * YouTube mixed with others), a bin that is not a number. A part that is merely missing is not
 * refused. A bin that is well formed but not the project's is checked against the project's bins
 * by the shell.
 */
export function refusedParts(raw: ProjectSearch, f: ProjectFilter): RefusedPart[] {
  const out: RefusedPart[] = [];
  if ((present(raw.datefrom) || present(raw.dateto)) && (raw.datefrom !== f.datefrom || raw.dateto !== f.dateto)) out.push('dates');
  if (present(raw.streams)) {
    const asked = [...new Set(raw.streams!.split(',').map((s) => s.trim()))].sort();
    const kept = f.streams.map(String).sort();
    if (asked.join(',') !== kept.join(',')) out.push('streams');
  }
  if (present(raw.bin) && !isBin(raw.bin!)) out.push('bin');
  return out;
}
