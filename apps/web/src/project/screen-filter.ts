// How each project screen reads the Filter: the contract's screen catalogue (screens.ts) names
// each screen's rule, and this draws the rules. The dashboard, its platform views and Post Listing
// read the last 30 days; the analysis screens read yesterday 00:00 to now
// (docs/spec/001_57268dddd5f58f8a.txt section 9); Deep Dive, whose chart is drawn by the week,
// reads the last 5 weeks from Monday; Sentiment leaves YouTube out of its streams
// (docs/spec/001_57268dddd5f58f8a.txt section 4: "the initial sentiment filter drops stream 10").
// The screens whose content does not follow the Filter (Follower Growth, the word lists, a word
// list's detail and board, Ave calc's) say what they cover instead, and the shell hides the Filter
// on them. The project shell resolves the address with these rules.
import { FOLLOWER_GROWTH_WEEKS, SCREENS, YOUTUBE, screenOfSegment, type ScreenFilterRule } from '@listening/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { streamName } from '../ui/StreamIcon.tsx';
import { DASHBOARD_FILTER, sinceYesterday, type ProjectFilter, type ScreenFilterRules } from './filter.ts';

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * Deep Dive's range when the address names none: the last 5 weeks, each from Monday (the chart's
 * weeks), to today, so its weekly chart opens on four whole weeks and the one under way.
 */
export function fiveWeeksFromMonday(now: Dayjs = dayjs()): [string, string] {
  const today = now.startOf('day');
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  return [day(monday.subtract(4, 'week')), day(today)];
}

/** Follower Growth's fixed lookback: the 8 weeks ending today. */
export function followerWeeks(now: Dayjs = dayjs()): [string, string] {
  const today = now.startOf('day');
  return [day(today.subtract(FOLLOWER_GROWTH_WEEKS * 7 - 1, 'day')), day(today)];
}

const ANALYSIS_FILTER: ScreenFilterRules = { defaultRange: sinceYesterday };
const SENTIMENT_FILTER: ScreenFilterRules = { defaultRange: sinceYesterday, dropStreams: [YOUTUBE] };
const DEEP_DIVE_FILTER: ScreenFilterRules = { defaultRange: fiveWeeksFromMonday };

const names = (streams: readonly number[]) => streams.map(streamName).join(', ');
const long = (d: string) => dayjs(d).format('D MMM YYYY');

/** A screen that lists or edits rather than counts over a range: it covers the same whatever the Filter. */
const unfiltered = (covers: string): ScreenFilterRules => ({ defaultRange: DASHBOARD_FILTER.defaultRange, fixed: { covers: () => covers } });

const FOLLOWER_GROWTH_FILTER: ScreenFilterRules = {
  defaultRange: followerWeeks,
  allStreams: true,
  fixed: { covers: (f: ProjectFilter) => `The 8 weeks to ${long(f.dateto)}, owned profiles on ${names(f.streams)}` },
};

/** The rules a catalogue entry names. */
function rulesOf(rule: ScreenFilterRule): ScreenFilterRules {
  if (typeof rule === 'object') return unfiltered(rule.covers);
  if (rule === 'analysis') return ANALYSIS_FILTER;
  if (rule === 'sentiment') return SENTIMENT_FILTER;
  if (rule === 'deep-dive') return DEEP_DIVE_FILTER;
  if (rule === 'follower-growth') return FOLLOWER_GROWTH_FILTER;
  return DASHBOARD_FILTER;
}

/** What the shell shows in a project where no screen is: no Filter, no line about it. */
export const NO_SCREEN: ScreenFilterRules = { defaultRange: DASHBOARD_FILTER.defaultRange, fixed: {} };

/** The screen's path segment below the project (…/project/4/sentiment → 'sentiment'), or null on the dashboard. */
export function screenOf(pathname: string): string | null {
  return /\/project\/\d+\/([^/]+)/.exec(pathname)?.[1] ?? null;
}

/** The filter rules of the screen at `pathname`. */
export function screenFilterRules(pathname: string): ScreenFilterRules {
  const segment = screenOf(pathname);
  if (segment === null) return DASHBOARD_FILTER;
  const key = screenOfSegment(segment);
  return key ? rulesOf(SCREENS[key].filter) : DASHBOARD_FILTER;
}
