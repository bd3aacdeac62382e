// Every module of the API. A module is a function that registers its operations through `route`
// (http/route.ts), which takes each operation's host, path, schemas and access level from the
// contract. A new capability adds a line here.
import type { Route } from '../http/route.ts';
import type { Deps } from '../types.ts';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { aveRoutes } from './ave/routes.ts';
import { binRoutes } from './bins/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { clipRoutes } from './clips/routes.ts';
import { coreRoutes } from './core/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { influencerRoutes } from './influencers/routes.ts';
import { listingRoutes } from './listing/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { productRequestRoutes } from './product-requests/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { wordCloudRoutes } from './wordcloud/routes.ts';

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
  aveRoutes,
  listingRoutes,
  productRequestRoutes,
];
