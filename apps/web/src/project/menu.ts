// The project side menu as data (the table under "Project side menu" in
// docs/spec/000_a68d9a07050fe88c.txt): which items a project of a type sees, what each does, which
// are disabled or locked. A screen's label, path, project types and gate come from the contract's
// screen catalogue (screens.ts); the dialogs' items are written here. The component only draws it.
import { SCREENS, STREAMS, lockedProduct, offeredStreams, screenOfSegment, type GatedItem, type ProductKey, type ScreenKey } from '@listening/contract';
import type { ProjectDialogKind } from './dialogs.ts';

type MenuScreenKey = { [K in ScreenKey]: (typeof SCREENS)[K]['menu'] extends true ? K : never }[ScreenKey];
/** The screens the menu opens by path (the dashboard and the platforms have their own actions). */
type AnalysisKey = Exclude<MenuScreenKey, 'dashboard' | 'platform'>;
/** Their paths below /client/$clientId/project/$projectId. */
export type AnalysisPath = (typeof SCREENS)[AnalysisKey]['path'];

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

/** A screen's item, as the catalogue describes it. */
const screen = (key: 'dashboard' | 'platform' | AnalysisKey, action?: MenuAction): Row => {
  const entry: { label: string; projectTypes: readonly number[] | 'all'; path: string | null; gate?: GatedItem } = SCREENS[key];
  return {
    key: key === 'platform' ? 'platforms' : key,
    label: entry.label,
    types: entry.projectTypes,
    action: action ?? { kind: 'analysis', path: (SCREENS[key as AnalysisKey] as { path: AnalysisPath }).path },
    ...(entry.gate ? { gate: entry.gate } : {}),
  };
};

const ROWS: readonly Row[] = [
  screen('dashboard', { kind: 'dashboard' }),
  screen('platform', { kind: 'expand' }),
  { key: 'notifications', label: 'per Contact Notification', types: 'all', action: { kind: 'dialog', dialog: 'notifications' }, gate: 'Notifications' },
  screen('top-authors'),
  screen('competitor-tracking'),
  screen('post-listing'),
  screen('sentiment'),
  screen('ave-calcs'),
  screen('reaction-lists'),
  { key: 'response-alert', label: 'Response option Alert', types: 'all', action: { kind: 'dialog', dialog: 'response-alert' } },
  screen('influencer-monitoring'),
  screen('deep-dive'),
  screen('follower-growth'),
  screen('sort-bins'),
  screen('input-bins'),
  screen('tree-view'),
  screen('world-map'),
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

/** The menu item of the screen at `pathname` (…/project/4, …/project/4/platform/7, …/project/4/sentiment). */
export function activeMenuKey(pathname: string): string | null {
  const m = /\/project\/\d+(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  if (!m) return null;
  if (!m[1]) return 'dashboard';
  if (m[1] === 'platform' && m[2]) return `platform-${m[2]}`;
  const key = screenOfSegment(m[1]);
  return key && ROWS.some((row) => row.key === key) ? key : null;
}
