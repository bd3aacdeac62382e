// The project area's routes: /client/$clientId/project/$projectId with its filter in the
// address, the per-platform views, and the analysis screens, all from the screen catalogue (packages/contract/src/screens.ts). The
// router mounts them under the private shell. Composed here, in the app, from the shared project
// layer (shell, filter, clip tray over every screen) and the dashboard feature's screen.
import { SCREENS } from '@listening/contract';
import { Outlet, createRoute, getRouteApi, lazyRouteComponent, useMatch, useParams, type AnyRoute } from '@tanstack/react-router';
import { ClipTray } from '../../project/clip-tray/ClipTray.tsx';
import { ClipTrayProvider } from '../../project/clip-tray/tray-state.tsx';
import { projectSearchSchema } from '../../project/filter.ts';
import type { ProjectDialogs } from '../../project/dialogs.ts';
import { ProjectNotFound } from '../../project/components/ProjectNotFound.tsx';
import { ProjectShell } from '../../project/ProjectShell.tsx';
import { postListingSearchSchema } from '../../features/post-listing/search.ts';
import { influencerComparisonSearchSchema } from '../../features/influencer-comparison/search.ts';
import { deepDiveSearchSchema } from '../../features/deep-dive/search.ts';
import { AccessTokensDialog } from '../../features/access-tokens/components/AccessTokensDialog.tsx';
import { InvalidTokensPrompt } from '../../features/access-tokens/components/InvalidTokensPrompt.tsx';
import { ReportDialog } from '../../features/reports/components/ReportDialog.tsx';
import { NotificationDialog } from '../../features/alerts/components/NotificationDialog.tsx';
import { ResponseQueueDialog } from '../../features/responses/components/ResponseQueueDialog.tsx';
import { NarrativeDialog } from '../../features/narratives/components/NarrativeDialog.tsx';

// The dashboard and its charts load on first use, so the sign-in and list screens stay light.
const DashboardScreen = lazyRouteComponent(() => import('../../features/dashboard/screens/DashboardScreen.tsx'), 'DashboardScreen');
const PostListingScreen = lazyRouteComponent(() => import('../../features/post-listing/screens/PostListingScreen.tsx'), 'PostListingScreen');
const AveScreen = lazyRouteComponent(() => import('../../features/ave/screens/AveScreen.tsx'), 'AveScreen');
const SortBinsScreen = lazyRouteComponent(() => import('../../features/sub-bins/screens/SubBinsScreen.tsx'), 'SortBinsScreen');
const InputBinsScreen = lazyRouteComponent(() => import('../../features/sub-bins/screens/SubBinsScreen.tsx'), 'InputBinsScreen');
const SentimentScreen = lazyRouteComponent(() => import('../../features/sentiment/screens/SentimentScreen.tsx'), 'SentimentScreen');
const ContentClassificationScreen = lazyRouteComponent(
  () => import('../../features/content-classification/screens/ContentClassificationScreen.tsx'),
  'ContentClassificationScreen',
);
const CompetitorTrackingScreen = lazyRouteComponent(
  () => import('../../features/competitors/screens/CompetitorTrackingScreen.tsx'),
  'CompetitorTrackingScreen',
);
const TopAuthorsScreen = lazyRouteComponent(() => import('../../features/top-authors/screens/TopAuthorsScreen.tsx'), 'TopAuthorsScreen');
const InfluencerComparisonScreen = lazyRouteComponent(
  () => import('../../features/influencer-comparison/screens/InfluencerComparisonScreen.tsx'),
  'InfluencerComparisonScreen',
);
const FollowerGrowthScreen = lazyRouteComponent(() => import('../../features/follower-growth/screens/FollowerGrowthScreen.tsx'), 'FollowerGrowthScreen');

const ReactionListsScreen = lazyRouteComponent(() => import('../../features/word-bins/screens/WordListsScreen.tsx'), 'ReactionListsScreen');
const CrisisListsScreen = lazyRouteComponent(() => import('../../features/word-bins/screens/WordListsScreen.tsx'), 'CrisisListsScreen');
const WordBinDetailScreen = lazyRouteComponent(() => import('../../features/word-bins/screens/WordBinDetailScreen.tsx'), 'WordBinDetailScreen');
const WorkflowBoardScreen = lazyRouteComponent(() => import('../../features/workflow/screens/WorkflowBoardScreen.tsx'), 'WorkflowBoardScreen');
const DeepDiveScreen = lazyRouteComponent(() => import('../../features/deep-dive/screens/DeepDiveScreen.tsx'), 'DeepDiveScreen');
const TreeViewScreen = lazyRouteComponent(() => import('../../features/tree-view/screens/TreeViewScreen.tsx'), 'TreeViewScreen');
const WorldMapScreen = lazyRouteComponent(() => import('../../features/world-map/screens/WorldMapScreen.tsx'), 'WorldMapScreen');

const projectApi = getRouteApi('/_private/client/$clientId/project/$projectId');

// The features' dialogs that side-menu items open, one for every kind.
const projectDialogs: Required<ProjectDialogs> = {
  'stats-report': ReportDialog,
  'trend-report': ReportDialog,
  notifications: NotificationDialog,
  'access-tokens': AccessTokensDialog,
  'response-alert': ResponseQueueDialog,
  narrative: NarrativeDialog,
};

function ProjectLayout() {
  const { clientId, projectId } = projectApi.useParams();
  const search = projectApi.useSearch();
  const { streamId } = useParams({ strict: false });
  const platform = streamId && /^\d+$/.test(streamId) ? Number(streamId) : null;
  const notFound = !!useMatch({ from: '/_private/client/$clientId/project/$projectId/$', shouldThrow: false });
  return (
    // The tray's state wraps the shell, so the side menu's dialogs (Narrative Analysis) open it too.
    <ClipTrayProvider>
      <ProjectShell clientId={Number(clientId)} projectId={Number(projectId)} search={search} platform={platform} dialogs={projectDialogs} notFound={notFound}>
        {/* 'You have profiles with invalid access tokens…' above every screen of a project that has one. */}
        <InvalidTokensPrompt projectId={Number(projectId)} />
        <Outlet />
        <ClipTray />
      </ProjectShell>
    </ClipTrayProvider>
  );
}

export function projectRoutes<TParent extends AnyRoute>(parent: TParent) {
  const project = createRoute({
    getParentRoute: () => parent,
    path: 'client/$clientId/project/$projectId',
    validateSearch: projectSearchSchema,
    component: ProjectLayout,
  });
  const dashboard = createRoute({ getParentRoute: () => project, path: '/', component: DashboardScreen });
  const platform = createRoute({ getParentRoute: () => project, path: SCREENS.platform.path, component: DashboardScreen });
  // Post Listing keeps the project's filter and adds its own search, sort and filters to the address.
  const postListing = createRoute({
    getParentRoute: () => project,
    path: SCREENS['post-listing'].path,
    validateSearch: postListingSearchSchema,
    component: PostListingScreen,
  });
  // Ave calc's, Sort Bins and Input Bins: the side menu's items of the same names (Sort and Input Bins gated by product).
  const aveCalcs = createRoute({ getParentRoute: () => project, path: SCREENS['ave-calcs'].path, component: AveScreen });
  const sortBins = createRoute({ getParentRoute: () => project, path: SCREENS['sort-bins'].path, component: SortBinsScreen });
  const inputBins = createRoute({ getParentRoute: () => project, path: SCREENS['input-bins'].path, component: InputBinsScreen });
  // Sentiment, Content classification and Competitor tracking.
  const analysisA = [
    createRoute({ getParentRoute: () => project, path: SCREENS.sentiment.path, component: SentimentScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['content-classification'].path, component: ContentClassificationScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['competitor-tracking'].path, component: CompetitorTrackingScreen }),
  ];
  // Top Authors, Influencer Monitoring (its compared ids in the address) and Follower Growth.
  const topAuthors = createRoute({ getParentRoute: () => project, path: SCREENS['top-authors'].path, component: TopAuthorsScreen });
  const influencerComparison = createRoute({
    getParentRoute: () => project,
    path: SCREENS['influencer-monitoring'].path,
    validateSearch: influencerComparisonSearchSchema,
    component: InfluencerComparisonScreen,
  });
  const followerGrowth = createRoute({ getParentRoute: () => project, path: SCREENS['follower-growth'].path, component: FollowerGrowthScreen });
  // Word bins: Reaction Lists, the crisis list screen under both its paths, and their detail.
  const wordBins = [
    createRoute({ getParentRoute: () => project, path: SCREENS['reaction-lists'].path, component: ReactionListsScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['crisis-lists'].path, component: CrisisListsScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['crisis-monitoring-lists'].path, component: CrisisListsScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['reaction-list'].path, component: WordBinDetailScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['crisis-list'].path, component: WordBinDetailScreen }),
  ];
  // A word bin's workflow board (the detail's View Workflow).
  const workflowBoard = createRoute({ getParentRoute: () => project, path: SCREENS.workflow.path, component: WorkflowBoardScreen });
  // Deep Dive, Tree View and the World Map.
  const analysisC = [
    // The deep dive's rail and period in the address.
    createRoute({ getParentRoute: () => project, path: SCREENS['deep-dive'].path, validateSearch: deepDiveSearchSchema, component: DeepDiveScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['tree-view'].path, component: TreeViewScreen }),
    createRoute({ getParentRoute: () => project, path: SCREENS['world-map'].path, component: WorldMapScreen }),
  ];
  // Any other address inside the project: not found, inside the project's frame.
  const notFound = createRoute({ getParentRoute: () => project, path: '$', component: ProjectNotFound });
  return [
    project.addChildren([
      dashboard,
      platform,
      postListing,
      aveCalcs,
      sortBins,
      inputBins,
      topAuthors,
      influencerComparison,
      followerGrowth,
      ...wordBins,
      workflowBoard,
      ...analysisA,
      ...analysisC,
      notFound,
    ]),
  ] as const;
}
