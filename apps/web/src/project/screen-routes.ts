// A project screen's addresses, from its path in the contract's screen catalogue (screens.ts): the
// route's full path (for Link's `to` and navigate), its route id (for getRouteApi) and a concrete
// address. The linter refuses a screen's path written anywhere else (eslint.config.js).
import { SCREENS, type ScreenKey } from '@listening/contract';

/** The screens with a route of their own below the project (the dashboard's panels have none). */
export type RoutedScreen = { [K in ScreenKey]: (typeof SCREENS)[K]['path'] extends string ? K : never }[ScreenKey];
type PathOf<K extends RoutedScreen> = (typeof SCREENS)[K]['path'] & string;

/** The route's path, e.g. '/client/$clientId/project/$projectId/deep-dive'. */
export const screenTo = <K extends RoutedScreen>(key: K) =>
  `/client/$clientId/project/$projectId/${SCREENS[key].path as PathOf<K>}` as `/client/$clientId/project/$projectId/${PathOf<K>}`;

/** The route's id under the private shell, for getRouteApi. */
export const screenRouteId = <K extends RoutedScreen>(key: K) => `/_private${screenTo(key)}` as const;

/** The address of a screen of one project, its other parameters ($wordBinId, $streamId) filled in. */
export function screenHref(key: RoutedScreen, clientId: number, projectId: number, params: Record<string, string | number> = {}): string {
  const path = SCREENS[key].path.replace(/\$(\w+)/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return `/client/${clientId}/project/${projectId}/${path}`;
}
