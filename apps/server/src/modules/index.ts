// Every module of the API, with the specification host it belongs to (DESIGN §2). A module is a
// function registering its routes; each runs in its own encapsulated scope, so a hook it adds
// (requireUser, requireAdmin) guards only its own routes. A new capability adds a line here.
import type { App, Deps } from '../types.ts';
import { adminRoutes } from './admin/routes.ts';
import { crmAuthRoutes, userRoutes } from './auth/routes.ts';
import { clientRoutes, crmClientRoutes, keywordsBinRoutes } from './clients/routes.ts';
import { coreRoutes } from './core/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { publicRoutes } from './public/routes.ts';

export type Host = 'main' | 'crm' | 'mentor' | 'keywords';
export const HOST_PREFIX: Record<Host, string> = { main: '', crm: '/crm', mentor: '/mentor', keywords: '/keywords' };

export interface ModuleRegistration {
  host: Host;
  register: (app: App, deps: Deps) => void;
}

export const modules: ModuleRegistration[] = [
  { host: 'crm', register: crmAuthRoutes },
  { host: 'main', register: userRoutes },
  { host: 'main', register: clientRoutes },
  { host: 'crm', register: crmClientRoutes },
  { host: 'keywords', register: keywordsBinRoutes },
  { host: 'main', register: notificationRoutes },
  { host: 'main', register: coreRoutes },
  { host: 'main', register: publicRoutes },
  { host: 'main', register: adminRoutes },
];
import { dashboardRoutes } from './dashboard/routes.ts';
modules.push({ host: 'main', register: dashboardRoutes });
import { clipAdminRoutes, clipRoutes } from './clips/routes.ts';
modules.push({ host: 'main', register: clipRoutes }, { host: 'main', register: clipAdminRoutes });
import { wordCloudRoutes } from './wordcloud/routes.ts';
modules.push({ host: 'main', register: wordCloudRoutes });
import { influencerRoutes } from './influencers/routes.ts';
modules.push({ host: 'main', register: influencerRoutes });
