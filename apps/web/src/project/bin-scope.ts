// 'Set As Dashboard' puts a sort bin in the address (`bin`), and the address travels from screen to
// screen. Which project screens count that bin, and why the others read the whole project: the
// shell's header says one or the other on every screen, so a bin's figures are never read under
// the project's name alone (docs/dashboard.md, "One scope"). The server reads the same way: the
// calls of the screens that count the bin take it as `binId`; the others' ignore it.
import { BIN_TYPE } from '@listening/contract';

/** How a screen reads the bin set as the dashboard. */
export type BinRule = { counts: true } | { counts: false; why: string };

/** Screens (the path below …/project/$projectId) whose figures are the bin's; null is the dashboard. */
const COUNTS_BIN: readonly (string | null)[] = [
  null,
  'platform',
  'sentiment',
  'content-classification',
  'top-authors',
  'deep-dive',
  'world-map',
  'post-listing',
];

/** Screens that read the whole project whatever the bin, with the reason their header gives. */
const WHOLE_PROJECT: Readonly<Record<string, string>> = {
  'competitor-tracking': 'Competitor Tracking compares projects, not sort bins',
  'influencer-comparison': 'Influencer Monitoring compares the project’s influencers, not sort bins',
  'performance-measurement': 'Follower Growth counts the project’s own profiles, not sort bins',
  'ave-calcs': 'Ave calc’s works through the project’s AVE settings, not a sort bin’s',
  'sort-bins': 'Sort Bins lists every sort bin of the project',
  'input-bins': 'Input Bins lists every input bin of the project',
  treeview: 'Tree View shows every folder of the project',
  'reaction-lists': 'Reaction Lists are word lists, not sort bins',
  'reaction-list': 'Reaction Lists are word lists, not sort bins',
  'crisis-lists': 'Crisis Lists are word lists, not sort bins',
  'crisis-monitoring-lists': 'Crisis Lists are word lists, not sort bins',
  'crisis-monitoring': 'Crisis Lists are word lists, not sort bins',
};

/** How the screen at `pathname` reads the bin, or null for a path that is no project screen. */
export function binRuleOf(pathname: string): BinRule | null {
  const m = /\/project\/\d+(?:\/([^/]+))?/.exec(pathname);
  if (!m) return null;
  // The path segment below the project (…/project/4/sentiment → 'sentiment'); none on the dashboard.
  const screen = m[1] ?? null;
  if (COUNTS_BIN.includes(screen)) return { counts: true };
  const why = screen === null ? undefined : WHOLE_PROJECT[screen];
  return why ? { counts: false, why } : null;
}

/** What a bin is called in the header: 'sort bin', or 'input bin' for a folder of posts added by hand. */
export const binKind = (binTypeId: number): string => (binTypeId === BIN_TYPE.InputBin ? 'input bin' : 'sort bin');
