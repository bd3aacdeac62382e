// The project side menu as data (the table under "Project side menu"): which items a
// project of a type sees, what each does, which are disabled or locked. The component only draws
// it. A blank "Project types" cell in the table is read as "all types".
import { STREAMS, lockedProduct, offeredStreams, type GatedItem, type ProductKey } from '@listening/contract';
import type { ProjectDialogKind } from './dialogs.ts';

/** Analysis screens below /client/$clientId/project/$projectId (document 2), Post Listing, Ave calc's, Sort Bins and Input Bins. */
export type AnalysisPath =
  | 'top-authors'
  | 'competitor-tracking'
  | 'sentiment'
  | 'reaction-lists'
  | 'influencer-comparison'
  | 'deep-dive'
  | 'performance-measurement'
  | 'treeview'
  | 'world-map'
  | 'post-listing'
  | 'ave-calcs'
  | 'sort-bins'
  | 'input-bins';

export type MenuAction =
  | { kind: 'dashboard' }
  | { kind: 'platform'; streamId: number }
  | { kind: 'analysis'; path: AnalysisPath }
  | { kind: 'dialog'; dialog: ProjectDialogKind }
  | { kind: 'expand' }
  | { kind: 'none' };

export interface MenuItem {
  key: string;
  label: string;
  action: MenuAction;
  /** The product that locks the item for this client and project type; the item opens its dialog. */
  locked: ProductKey | null;
  disabled: boolean;
  children?: MenuItem[];
}

interface Row {
  key: string;
  label: string;
  types: readonly number[] | 'all';
  action: MenuAction;
  gate?: GatedItem;
}

const T1_5: readonly number[] = [1, 5];
const T1_5_6_7: readonly number[] = [1, 5, 6, 7];

const ROWS: readonly Row[] = [
  { key: 'dashboard', label: 'Dashboard', types: 'all', action: { kind: 'dashboard' } },
  { key: 'platforms', label: 'Platforms', types: 'all', action: { kind: 'expand' } },
  { key: 'notifications', label: 'per Contact Notification', types: 'all', action: { kind: 'dialog', dialog: 'notifications' }, gate: 'Notifications' },
  { key: 'top-authors', label: 'Top Authors', types: T1_5, action: { kind: 'analysis', path: 'top-authors' } },
  { key: 'competitor-tracking', label: 'Competitor Tracking', types: T1_5, action: { kind: 'analysis', path: 'competitor-tracking' } },
  { key: 'post-listing', label: 'Post Listing', types: 'all', action: { kind: 'analysis', path: 'post-listing' } },
  { key: 'sentiment', label: 'Sentiment Rating', types: T1_5_6_7, action: { kind: 'analysis', path: 'sentiment' }, gate: 'Sentiment' },
  { key: 'ave-calcs', label: "Ave calc's", types: 'all', action: { kind: 'analysis', path: 'ave-calcs' } },
  { key: 'reaction-lists', label: 'Reaction Lists', types: T1_5, action: { kind: 'analysis', path: 'reaction-lists' }, gate: 'ReactionLists' },
  { key: 'response-alert', label: 'Response option Alert', types: 'all', action: { kind: 'dialog', dialog: 'response-alert' } },
  { key: 'influencer-monitoring', label: 'Influencer Monitoring', types: T1_5, action: { kind: 'analysis', path: 'influencer-comparison' } },
  { key: 'deep-dive', label: 'Deep Dive', types: T1_5, action: { kind: 'analysis', path: 'deep-dive' }, gate: 'DeepDive' },
  { key: 'follower-growth', label: 'Follower Growth', types: 'all', action: { kind: 'analysis', path: 'performance-measurement' } },
  { key: 'sort-bins', label: 'Sort Bins', types: 'all', action: { kind: 'analysis', path: 'sort-bins' }, gate: 'SortBins' },
  { key: 'input-bins', label: 'Input Bins', types: T1_5_6_7, action: { kind: 'analysis', path: 'input-bins' }, gate: 'InputBins' },
  { key: 'tree-view', label: 'Tree View', types: 'all', action: { kind: 'analysis', path: 'treeview' } },
  // Ours: the specification calls worldmap/* but names no screen for them.
  { key: 'world-map', label: 'World Map', types: 'all', action: { kind: 'analysis', path: 'world-map' } },
  { key: 'stats-analysis', label: 'Stats Analysis', types: 'all', action: { kind: 'dialog', dialog: 'stats-report' } },
  { key: 'trend-analysis', label: 'Trend Analysis', types: 'all', action: { kind: 'dialog', dialog: 'trend-report' } },
  { key: 'narrative-analysis', label: 'Narrative Analysis', types: 'all', action: { kind: 'dialog', dialog: 'narrative' } },
  // Ours: the specification has the Access Token Management modal but does not say what opens it.
  { key: 'access-tokens', label: 'Access Token Management', types: 'all', action: { kind: 'dialog', dialog: 'access-tokens' } },
];

/**
 * Children of Platforms: X, Facebook, Instagram, YouTube for all types; LinkedIn for 2, 3, 8, 9, and
 * for any project that tracks LinkedIn where its Filter offers it (a brand project): a network the
 * Filter and the total count has its own view too.
 */
const PLATFORMS: readonly { streamId: number; label: string; types: readonly number[] | 'all' }[] = [
  { streamId: STREAMS.X, label: 'X', types: 'all' },
  { streamId: STREAMS.Facebook, label: 'Facebook', types: 'all' },
  { streamId: STREAMS.Instagram, label: 'Instagram', types: 'all' },
  { streamId: STREAMS.YouTube, label: 'YouTube', types: 'all' },
  { streamId: STREAMS.LinkedIn, label: 'LinkedIn', types: [2, 3, 8, 9] },
];

const forType = (types: readonly number[] | 'all', typeId: number) => types === 'all' || types.includes(typeId);

const platformShown = (p: (typeof PLATFORMS)[number], typeId: number, projectStreams: readonly number[]) =>
  forType(p.types, typeId) || (projectStreams.includes(p.streamId) && offeredStreams(typeId, projectStreams).includes(p.streamId));

/** The items a project of `projectTypeId` with `projectStreams` sees, for a client owning `ownedCodes`. */
export function projectMenu(projectTypeId: number, projectStreams: readonly number[], ownedCodes: readonly string[]): MenuItem[] {
  return ROWS.filter((row) => forType(row.types, projectTypeId)).map((row) => ({
    key: row.key,
    label: row.label,
    action: row.action,
    locked: row.gate ? lockedProduct(row.gate, projectTypeId, ownedCodes) : null,
    disabled: false,
    ...(row.key === 'platforms'
      ? {
          children: PLATFORMS.filter((p) => platformShown(p, projectTypeId, projectStreams)).map((p) => ({
            key: `platform-${p.streamId}`,
            label: p.label,
            action: { kind: 'platform', streamId: p.streamId } as const,
            locked: null,
            disabled: !projectStreams.includes(p.streamId),
          })),
        }
      : {}),
  }));
}

const PATH_KEYS: Record<AnalysisPath, string> = {
  'top-authors': 'top-authors',
  'competitor-tracking': 'competitor-tracking',
  sentiment: 'sentiment',
  'reaction-lists': 'reaction-lists',
  'influencer-comparison': 'influencer-monitoring',
  'deep-dive': 'deep-dive',
  'performance-measurement': 'follower-growth',
  treeview: 'tree-view',
  'world-map': 'world-map',
  'post-listing': 'post-listing',
  'ave-calcs': 'ave-calcs',
  'sort-bins': 'sort-bins',
  'input-bins': 'input-bins',
};

/** The menu item of the screen at `pathname` (…/project/4, …/project/4/platform/7, …/project/4/sentiment). */
export function activeMenuKey(pathname: string): string | null {
  const m = /\/project\/\d+(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  if (!m) return null;
  if (!m[1]) return 'dashboard';
  if (m[1] === 'platform' && m[2]) return `platform-${m[2]}`;
  return PATH_KEYS[m[1] as AnalysisPath] ?? null;
}
