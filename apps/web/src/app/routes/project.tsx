// The project area's routes: /client/$clientId/project/$projectId with its filter in the
// address, the per-platform views, and the analysis screens of document 2 (later releases). The
// router mounts them under the private shell. Composed here, in the app, from the shared project
// layer (shell, filter, clip tray over every screen) and the dashboard feature's screen.
import { Outlet, createRoute, getRouteApi, lazyRouteComponent, useParams, type AnyRoute } from '@tanstack/react-router';
import { ClipTray } from '../../project/clip-tray/ClipTray.tsx';
import { ClipTrayProvider } from '../../project/clip-tray/tray-state.tsx';
import { projectSearchSchema } from '../../project/filter.ts';
import { ProjectShell } from '../../project/ProjectShell.tsx';
import { LaterReleaseScreen } from '../../project/screens/LaterReleaseScreen.tsx';
import { postListingSearchSchema } from '../../features/post-listing/search.ts';

// The dashboard and its charts load on first use, so the sign-in and list screens stay light.
const DashboardScreen = lazyRouteComponent(() => import('../../features/dashboard/screens/DashboardScreen.tsx'), 'DashboardScreen');
const PostListingScreen = lazyRouteComponent(() => import('../../features/post-listing/screens/PostListingScreen.tsx'), 'PostListingScreen');
const AveScreen = lazyRouteComponent(() => import('../../features/ave/screens/AveScreen.tsx'), 'AveScreen');
const SortBinsScreen = lazyRouteComponent(() => import('../../features/sub-bins/screens/SubBinsScreen.tsx'), 'SortBinsScreen');
const InputBinsScreen = lazyRouteComponent(() => import('../../features/sub-bins/screens/SubBinsScreen.tsx'), 'InputBinsScreen');

const projectApi = getRouteApi('/_private/client/$clientId/project/$projectId');

function ProjectLayout() {
  const { clientId, projectId } = projectApi.useParams();
  const search = projectApi.useSearch();
  const { streamId } = useParams({ strict: false });
  const platform = streamId && /^\d+$/.test(streamId) ? Number(streamId) : null;
  return (
    <ProjectShell clientId={Number(clientId)} projectId={Number(projectId)} search={search} platform={platform}>
      <ClipTrayProvider>
        <Outlet />
        <ClipTray />
      </ClipTrayProvider>
    </ProjectShell>
  );
}

/** Analysis screens (document 2), routed now so the menu leads somewhere honest. */
const ANALYSIS_SCREENS = [
  ['top-authors', 'Top Authors'],
  ['competitor-tracking', 'Competitor Tracking'],
  ['sentiment', 'Sentiment Rating'],
  ['reaction-lists', 'Reaction Lists'],
  ['influencer-comparison', 'Influencer Monitoring'],
  ['deep-dive', 'Deep Dive'],
  ['performance-measurement', 'Follower Growth'],
  ['treeview', 'Tree View'],
  ['content-classification', 'Content Classification'],
  ['crisis-lists', 'Crisis Lists'],
  ['crisis-monitoring-lists', 'Crisis Monitoring Lists'],
] as const;

export function projectRoutes<TParent extends AnyRoute>(parent: TParent) {
  const project = createRoute({
    getParentRoute: () => parent,
    path: 'client/$clientId/project/$projectId',
    validateSearch: projectSearchSchema,
    component: ProjectLayout,
  });
  const dashboard = createRoute({ getParentRoute: () => project, path: '/', component: DashboardScreen });
  const platform = createRoute({ getParentRoute: () => project, path: 'platform/$streamId', component: DashboardScreen });
  // Post Listing keeps the project's filter and adds its own search, sort and filters to the address.
  const postListing = createRoute({
    getParentRoute: () => project,
    path: 'post-listing',
    validateSearch: postListingSearchSchema,
    component: PostListingScreen,
  });
  // Ave calc's, Sort Bins and Input Bins: the side menu's items of the same names (Sort and Input Bins gated by product).
  const aveCalcs = createRoute({ getParentRoute: () => project, path: 'ave-calcs', component: AveScreen });
  const sortBins = createRoute({ getParentRoute: () => project, path: 'sort-bins', component: SortBinsScreen });
  const inputBins = createRoute({ getParentRoute: () => project, path: 'input-bins', component: InputBinsScreen });
  const analysis = ANALYSIS_SCREENS.map(([path, title]) =>
    createRoute({ getParentRoute: () => project, path, component: () => <LaterReleaseScreen title={title} /> }),
  );
  return [project.addChildren([dashboard, platform, postListing, aveCalcs, sortBins, inputBins, ...analysis])] as const;
}
