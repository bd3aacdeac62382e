// Every module of the API. A module is a function that registers its operations through `route`
// (http/route.ts), which takes each operation's host, path, schemas and access level from the
// contract. A new capability adds a line here.
import type { Route } from '../http/route.ts';
import type { Deps } from '../types.ts';
import { accessTokenRoutes } from './access-tokens/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { alertRoutes } from './alerts/routes.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { aveRoutes } from './ave/routes.ts';
import { binRoutes } from './bins/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { clipRoutes } from './clips/routes.ts';
import { contactRoutes } from './contacts/routes.ts';
import { coreRoutes } from './core/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { deepDiveRoutes } from './deep-dive/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { followerRoutes } from './followers/routes.ts';
import { influencerRoutes } from './influencers/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { listingRoutes } from './listing/routes.ts';
import { mentorRoutes } from './mentor/routes.ts';
import { narrativeRoutes } from './narratives/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { productRequestRoutes } from './product-requests/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { responseRoutes } from './responses/routes.ts';
import { sentimentRoutes } from './sentiment/routes.ts';
import { treeViewRoutes } from './tree-view/routes.ts';
import { wizardRoutes } from './wizard/routes.ts';
import { wordCloudRoutes } from './wordcloud/routes.ts';
import { wordBinRoutes } from './word-bins/routes.ts';
import { workflowRoutes } from './workflow/routes.ts';
import { worldMapRoutes } from './worldmap/routes.ts';

export type Module = (route: Route, deps: Deps) => void;

export const modules: Module[] = [
  authRoutes,
  clientRoutes,
  projectRoutes,
  binRoutes,
  notificationRoutes,
  coreRoutes,
  publicRoutes,
  adminRoutes,
  dashboardRoutes,
  clipRoutes,
  wordCloudRoutes,
  influencerRoutes,
  followerRoutes,
  aveRoutes,
  listingRoutes,
  productRequestRoutes,
  contactRoutes,
  wizardRoutes,
  wordBinRoutes,
  reportRoutes,
  responseRoutes,
  alertRoutes,
  workflowRoutes,
  analysisRoutes,
  deepDiveRoutes,
  treeViewRoutes,
  worldMapRoutes,
  jobRoutes,
  eventRoutes,
  mentorRoutes,
  narrativeRoutes,
  accessTokenRoutes,
  sentimentRoutes,
];
