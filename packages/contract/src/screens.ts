// The project screens as one catalogue: each screen's path below /client/$clientId/project/$projectId,
// its side-menu wording (docs/spec/000_a68d9a07050fe88c.txt, "Project side menu"), the project
// types that see it, the product that gates it and how it reads the Filter. The web app builds the
// project routes, the side menu, the screens' type notice and the shell's filter rules from it; the
// server's assertScreen refuses a screen's reads to the other project types. Adding a screen is a
// line here (docs/architecture.md, "Adding a screen").
import { lockedProduct, type GatedItem } from './products.ts';

/**
 * How a screen reads the project's Filter (the web's project/screen-filter.ts draws each):
 * - 'dashboard': the last 30 days;
 * - 'analysis': yesterday 00:00 to now (docs/spec/001_57268dddd5f58f8a.txt section 9);
 * - 'sentiment': as 'analysis', without YouTube (docs/spec/001_57268dddd5f58f8a.txt section 4);
 * - 'deep-dive': the last 5 weeks from Monday (its chart is drawn by the week);
 * - 'follower-growth': the 8 weeks to today, every stream;
 * - { covers }: the screen lists or edits rather than counts over a range, so the Filter is
 *   hidden and the shell says what the screen covers instead.
 */
export type ScreenFilterRule = 'dashboard' | 'analysis' | 'sentiment' | 'deep-dive' | 'follower-growth' | { covers: string };

export interface ScreenEntry {
  /**
   * The route below the project ('' is the project root), or null for a panel of the dashboard,
   * which has no route of its own but the same project-type rule.
   */
  path: string | null;
  /** The side menu's wording, or the screen's name where the menu has no item for it. */
  label: string;
  /** The project types that see the screen: 'all', or the ids. */
  projectTypes: readonly number[] | 'all';
  /** The product that locks the screen (products.ts lockedProduct). */
  gate?: GatedItem;
  filter: ScreenFilterRule;
  /** True when the side menu has an item that opens the screen. */
  menu: boolean;
  /** How the server's refusal names the screen, where it is not '<label> is shown'. */
  refusal?: string;
}

const T1_5: readonly number[] = [1, 5];
const T1_5_6_7: readonly number[] = [1, 5, 6, 7];

const wordLists = (kind: string) => ({ covers: `Every ${kind} list of the project, whatever the dates` });
const WORD_LIST = { covers: 'This word list’s words, settings and board, whatever the dates' };

/** Every project screen, in the side menu's order. */
export const SCREENS = {
  dashboard: { path: '', label: 'Dashboard', projectTypes: 'all', filter: 'dashboard', menu: true },
  platform: { path: 'platform/$streamId', label: 'Platforms', projectTypes: 'all', filter: 'dashboard', menu: true },
  'top-authors': { path: 'top-authors', label: 'Top Authors', projectTypes: T1_5, filter: 'analysis', menu: true },
  'competitor-tracking': {
    path: 'competitor-tracking',
    label: 'Competitor Tracking',
    projectTypes: T1_5,
    filter: 'analysis',
    menu: true,
    refusal: 'Competitor tracking is shown',
  },
  'post-listing': { path: 'post-listing', label: 'Post Listing', projectTypes: 'all', filter: 'dashboard', menu: true },
  sentiment: { path: 'sentiment', label: 'Sentiment Rating', projectTypes: T1_5_6_7, gate: 'Sentiment', filter: 'sentiment', menu: true },
  // Ours: the Sentiment screen's companion; the specification's menu has no item for it.
  'content-classification': { path: 'content-classification', label: 'Content classification', projectTypes: 'all', filter: 'analysis', menu: false },
  'ave-calcs': {
    path: 'ave-calcs',
    label: "Ave calc's",
    projectTypes: 'all',
    filter: { covers: 'The project’s AVE settings, which every date and stream uses' },
    menu: true,
  },
  'reaction-lists': { path: 'reaction-lists', label: 'Reaction Lists', projectTypes: T1_5, gate: 'ReactionLists', filter: wordLists('reaction'), menu: true },
  // The crisis list screen under both its paths, and a word list's detail and workflow board.
  'crisis-lists': { path: 'crisis-lists', label: 'Crisis Lists', projectTypes: 'all', filter: wordLists('crisis'), menu: false },
  'crisis-monitoring-lists': { path: 'crisis-monitoring-lists', label: 'Crisis Lists', projectTypes: 'all', filter: wordLists('crisis'), menu: false },
  'reaction-list': { path: 'reaction-list/wordbin/$wordBinId', label: 'Reaction List', projectTypes: 'all', filter: WORD_LIST, menu: false },
  'crisis-list': { path: 'crisis-monitoring/wordbin/$wordBinId', label: 'Crisis List', projectTypes: 'all', filter: WORD_LIST, menu: false },
  workflow: { path: 'reaction-list/wordbin/$wordBinId/workflow', label: 'Workflow', projectTypes: 'all', filter: WORD_LIST, menu: false },
  'influencer-monitoring': { path: 'influencer-comparison', label: 'Influencer Monitoring', projectTypes: T1_5, filter: 'analysis', menu: true },
  'deep-dive': {
    path: 'deep-dive',
    label: 'Deep Dive',
    projectTypes: T1_5,
    gate: 'DeepDive',
    filter: 'deep-dive',
    menu: true,
    refusal: 'Deep Dive is offered',
  },
  'follower-growth': { path: 'performance-measurement', label: 'Follower Growth', projectTypes: 'all', filter: 'follower-growth', menu: true },
  'sort-bins': { path: 'sort-bins', label: 'Sort Bins', projectTypes: 'all', gate: 'SortBins', filter: 'dashboard', menu: true },
  'input-bins': { path: 'input-bins', label: 'Input Bins', projectTypes: T1_5_6_7, gate: 'InputBins', filter: 'dashboard', menu: true },
  'tree-view': { path: 'treeview', label: 'Tree View', projectTypes: 'all', filter: 'analysis', menu: true },
  // Ours: the specification calls worldmap/* but names no screen for them.
  'world-map': { path: 'world-map', label: 'World Map', projectTypes: 'all', filter: 'dashboard', menu: true },
  // The dashboard's panels with a project-type rule (docs/spec/000_a68d9a07050fe88c.txt, "Project dashboard").
  'top-authors-panel': { path: null, label: 'Top authors', projectTypes: T1_5_6_7, filter: 'dashboard', menu: false, refusal: 'Top authors are shown' },
  'influencer-discovery': { path: null, label: 'Influencer discovery', projectTypes: T1_5_6_7, filter: 'dashboard', menu: false },
  'sort-bins-tree': { path: null, label: 'Sortbins tree', projectTypes: [1, 2, 5, 6, 7], filter: 'dashboard', menu: false },
} as const satisfies Record<string, ScreenEntry>;

export type ScreenKey = keyof typeof SCREENS;
export const SCREEN_KEYS = Object.keys(SCREENS) as ScreenKey[];

/** The catalogue's entry of a screen. */
export function screenFor(key: ScreenKey): ScreenEntry & { key: ScreenKey } {
  return { key, ...(SCREENS[key] as ScreenEntry) };
}

/** True when a project of this type sees the screen (whatever its product gate says). */
export function screenShown(key: ScreenKey, projectTypeId: number): boolean {
  const types = (SCREENS[key] as ScreenEntry).projectTypes;
  return types === 'all' || types.includes(projectTypeId);
}

/** The project types that see the screen, as ids (for messages). */
export function screenProjectTypes(key: ScreenKey): readonly number[] | 'all' {
  return (SCREENS[key] as ScreenEntry).projectTypes;
}

/**
 * The screens a project of `projectTypeId` sees, in the catalogue's order, each with the product
 * that locks it for a client owning `ownedCodes` (null when open).
 */
export function screensFor(
  projectTypeId: number,
  ownedCodes: readonly string[],
): (ScreenEntry & { key: ScreenKey; locked: ReturnType<typeof lockedProduct> })[] {
  return SCREEN_KEYS.filter((key) => screenShown(key, projectTypeId)).map((key) => {
    const entry = screenFor(key);
    return { ...entry, locked: entry.gate ? lockedProduct(entry.gate, projectTypeId, ownedCodes) : null };
  });
}

/** The screen whose route's first segment is `segment` (…/project/4/sentiment → 'sentiment'), or null. */
export function screenOfSegment(segment: string): ScreenKey | null {
  return SCREEN_KEYS.find((key) => (SCREENS[key] as ScreenEntry).path?.split('/')[0] === segment) ?? null;
}

/**
 * The server's refusal of a screen to a project type it is not shown to (a 403). The one wording
 * every screen's reads answer, e.g. 'Top Authors is shown for project types 1, 5 only; this
 * project is type 2'.
 */
export function screenRefusal(key: ScreenKey, projectTypeId: number): string {
  const entry = SCREENS[key] as ScreenEntry;
  const types = entry.projectTypes === 'all' ? 'all' : entry.projectTypes.join(', ');
  return `${entry.refusal ?? `${entry.label} is shown`} for project types ${types} only; this project is type ${projectTypeId}`;
}
