// Which filter defaults each project screen has, by its path: the dashboard, its platform views and
// Post Listing read the last 30 days; the analysis screens of document 2 read yesterday 00:00 to now
// (001 section 9), and Sentiment leaves YouTube out of its streams (001 section 4: "the initial
// sentiment filter drops stream 10"). The project shell resolves the address with these.
import { YOUTUBE } from '@listening/contract';
import { DASHBOARD_FILTER, sinceYesterday, type ScreenFilterRules } from './filter.ts';

/** The analysis screens (path below …/project/$projectId) whose range defaults to yesterday to now. */
export const ANALYSIS_PATHS: readonly string[] = [
  'sentiment',
  'content-classification',
  'competitor-tracking',
  'top-authors',
  'influencer-comparison',
  'performance-measurement',
  'deep-dive',
  'treeview',
];

const ANALYSIS_FILTER: ScreenFilterRules = { defaultRange: sinceYesterday };
const SENTIMENT_FILTER: ScreenFilterRules = { defaultRange: sinceYesterday, dropStreams: [YOUTUBE] };

/** The screen's path segment below the project (…/project/4/sentiment → 'sentiment'), or null on the dashboard. */
export function screenOf(pathname: string): string | null {
  return /\/project\/\d+\/([^/]+)/.exec(pathname)?.[1] ?? null;
}

/** The filter rules of the screen at `pathname`. */
export function screenFilterRules(pathname: string): ScreenFilterRules {
  const screen = screenOf(pathname);
  if (screen === 'sentiment') return SENTIMENT_FILTER;
  return screen && ANALYSIS_PATHS.includes(screen) ? ANALYSIS_FILTER : DASHBOARD_FILTER;
}
