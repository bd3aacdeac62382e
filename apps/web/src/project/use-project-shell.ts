// The project shell's state: the project and the client's products, the filter resolved from the
// address (and written back when missing or refused), the side menu and its actions, the dialogs.
// ProjectShell.tsx only draws it.
import { getRouteApi, useLocation } from '@tanstack/react-router';
import type { ProductKey } from '@listening/contract';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSideNav } from '../ui/side-nav.tsx';
import { wallNow } from '../ui/time.ts';
import { useClientProducts } from './api/get-client-products.ts';
import { useProject } from './api/get-project.ts';
import { useProjectBins } from './api/get-project-bins.ts';
import type { ProjectContextValue } from './context.ts';
import type { ProjectDialogKind, ProjectDialogs } from './dialogs.ts';
import {
  analyticParams,
  filterToSearch,
  linkSearch,
  refusedParts,
  resolveFilter,
  searchNeedsRewrite,
  streamsOfProject,
  type ProjectFilter,
  type ProjectSearch,
  type RefusedPart,
} from './filter.ts';
import { activeMenuKey, projectMenu, type MenuItem } from './menu.ts';
import { NO_SCREEN, screenFilterRules } from './screen-filter.ts';
import { screenTo } from './screen-routes.ts';
import { usePageTitle } from '../ui/page-title.ts';

// The project route (composed in app/routes/project.tsx): its search is the filter, typed by
// projectSearchSchema, so every navigation below is checked against it.
const projectRoute = getRouteApi('/_private/client/$clientId/project/$projectId');

export interface ProjectShellProps {
  clientId: number;
  projectId: number;
  search: ProjectSearch;
  /** The stream of a per-platform view (…/platform/$streamId), else null. */
  platform: number | null;
  /** The features' dialogs for side-menu items, by kind (supplied by the app layer). */
  dialogs?: ProjectDialogs;
  /** The address names no screen of the project: the child says so, and the shell shows no Filter. */
  notFound?: boolean;
  children: ReactNode;
}

export function useProjectShell({ clientId, projectId, search, platform, dialogs, notFound = false }: Omit<ProjectShellProps, 'children'>) {
  const project = useProject(projectId);
  const products = useClientProducts(clientId);
  const navigate = projectRoute.useNavigate();
  const { pathname } = useLocation();
  const sideNav = useSideNav();
  const [product, setProduct] = useState<ProductKey | null>(null);
  const [dialog, setDialog] = useState<ProjectDialogKind | null>(null);

  const data = project.data;
  // Each screen's own defaults (screen-filter.ts): the analysis screens start at yesterday; a
  // screen that does not follow the Filter reads its own range and streams.
  const rules = useMemo(() => (notFound ? NO_SCREEN : screenFilterRules(pathname)), [pathname, notFound]);
  const filter = useMemo(() => (data ? resolveFilter(search, data, wallNow(data.TimeZone), rules) : null), [data, search, rules]);
  const ownedCodes = useMemo(() => products.data ?? [], [products.data]);

  // The address is the filter: a missing or refused value is replaced by the resolved default.
  // Filter writes stay on the screen shown (…/platform/7, …/sentiment), hence the path-relative
  // '.', while the search is still the project route's.
  // What the address asked for and did not get is said once, above the screen, until the user
  // dismisses it or sets a filter of their own.
  const [refused, setRefused] = useState<RefusedPart[]>([]);
  useEffect(() => {
    // A screen that does not follow the Filter leaves the address as it came (for the next screen).
    if (!filter || rules.fixed || !searchNeedsRewrite(search, filter)) return;
    const parts = refusedParts(search, filter);
    if (parts.length) setRefused((prev) => [...new Set([...prev, ...parts])]);
    void navigate({ to: '.', unsafeRelative: 'path', search: withFilter(filter), replace: true });
  }, [filter, search, navigate, rules]);

  // A well-formed bin that is not one of the project's sub-bins: every figure would refuse it, so
  // the shell drops it and says so.
  const bins = useProjectBins(filter?.bin && data ? analyticParams(projectId, filter) : null);
  const bin = filter?.bin ? bins.data?.find((b) => b.Id === filter.bin) : undefined;
  useEffect(() => {
    // After the address is settled, so the two rewrites never race.
    if (!filter?.bin || bins.isPending || (!rules.fixed && searchNeedsRewrite(search, filter))) return;
    if (bins.isError || !bins.data.some((b) => b.Id === filter.bin)) {
      setRefused((prev) => [...new Set([...prev, 'bin' as const])]);
      const { bin: _dropped, ...rest } = filter;
      void navigate({ to: '.', unsafeRelative: 'path', search: rules.fixed ? withoutBin : withFilter(rest), replace: true });
    }
  }, [filter, search, bins.isPending, bins.isError, bins.data, navigate, rules]);

  const setFilter = useCallback(
    (next: Partial<ProjectFilter>) => {
      if (!filter) return;
      const merged: ProjectFilter = { ...filter, ...next };
      if ('bin' in next && !next.bin) delete merged.bin;
      setRefused([]);
      void navigate({ to: '.', unsafeRelative: 'path', search: withFilter(merged) });
    },
    [filter, navigate],
  );

  const context = useMemo<ProjectContextValue | null>(() => {
    // Gated widgets decide from the owned codes, so the screens wait for them too.
    if (!data || !filter || (products.isPending && !products.isError)) return null;
    // A bin from the address is checked before any figure asks for it (a wrong one would fail each).
    if (filter.bin && !bin) return null;
    const effective = platform ? { ...filter, streams: [platform] } : filter;
    return { clientId, project: data, filter: effective, params: analyticParams(projectId, effective), setFilter, platform, ownedCodes, openDialog: setDialog };
  }, [data, filter, platform, clientId, projectId, setFilter, ownedCodes, products.isPending, products.isError, bin]);

  const items = useMemo(() => (data ? projectMenu(data.ProjectTypeId, streamsOfProject(data), ownedCodes) : []), [data, ownedCodes]);
  // The menu carries what the user chose (or a link named), never the shown screen's defaults, so a
  // screen opened from the menu shows what its address typed or shared would show.
  const searchForLinks = useMemo(
    () => (filter && data ? linkSearch(search, filter, data, wallNow(data.TimeZone), rules) : search),
    [filter, data, search, rules],
  );

  const onItem = useCallback(
    (item: MenuItem) => {
      const params = { clientId: String(clientId), projectId: String(projectId) };
      const a = item.action;
      if (a.kind === 'dashboard') void navigate({ to: '/client/$clientId/project/$projectId', params, search: searchForLinks });
      else if (a.kind === 'platform')
        void navigate({
          to: screenTo('platform'),
          params: { ...params, streamId: String(a.streamId) },
          search: searchForLinks,
        });
      else if (a.kind === 'analysis') void navigate({ to: `/client/$clientId/project/$projectId/${a.path}`, params, search: searchForLinks });
      else if (a.kind === 'dialog') setDialog(a.dialog);
      else return; // 'no action' items
      sideNav.close();
    },
    [clientId, projectId, navigate, searchForLinks, sideNav],
  );
  const onLocked = useCallback(
    (key: ProductKey) => {
      sideNav.close();
      setProduct(key);
    },
    [sideNav],
  );
  const onProjects = useCallback(() => {
    sideNav.close();
    void navigate({ to: '/client/$clientId/projects', params: { clientId: String(clientId) }, replace: true });
  }, [navigate, clientId, sideNav]);

  // The tab says which screen of which project: 'Dashboard · Acme Cola Brand Monitoring · Listening'.
  const activeKey = activeMenuKey(pathname);
  const screenLabel = notFound ? 'Page not found' : items.flatMap((i) => [i, ...(i.children ?? [])]).find((i) => i.key === activeKey)?.label;
  // A project that is refused keeps nothing of it in the tab, not even a name the API gave before.
  const refusedProject = project.isError || (!!data && data.ClientId !== clientId);
  usePageTitle(...(refusedProject ? ['Project could not be opened'] : [screenLabel, data?.Description]));
  const titleScope = useMemo(() => (data ? [data.Description] : []), [data]);
  const Dialog = dialog ? dialogs?.[dialog] : undefined;

  return {
    data,
    rules,
    context,
    pathname,
    refusedProject,
    titleScope,
    /** What the header shows of the filter, and the parts of the address it refused. */
    filter: { bin, setFilter, refused, setRefused },
    /** The side menu's items and what choosing one does. */
    menu: { items, onItem, onLocked, onProjects, sideNav },
    /** The dialog a menu item opened (its component when the route gave one) and the product offered. */
    dialogs: { Dialog, dialog, setDialog, product, setProduct },
  };
}

export type ProjectShellState = ReturnType<typeof useProjectShell>;

/** The address without its bin (a screen that does not follow the Filter keeps the rest as it came). */
const withoutBin = (prev: Record<string, unknown>): ProjectSearch => {
  const { bin: _bin, ...rest } = prev;
  return rest as ProjectSearch;
};

/**
 * The address with the filter's params replaced and a screen's own params (Post Listing's search
 * and sort) kept, for a navigation that stays on the screen shown.
 */
const withFilter =
  (f: ProjectFilter) =>
  (prev: Record<string, unknown>): ProjectSearch => {
    const { datefrom: _from, dateto: _to, streams: _streams, bin: _bin, ...own } = prev;
    return { ...own, ...filterToSearch(f) } as ProjectSearch;
  };
