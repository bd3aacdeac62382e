// The app's route table. Layout routes without a path carry the three frames: public pages
// (header and footer), sign-in screens (no header) and the private shell. Features add their own
// routes by exporting a function that builds them under the parent they are given; the project's
// routes, composed from the shared project layer and the dashboard, are built in routes/project.tsx.
import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { setUnauthorizedHandler } from '../api/client.ts';
import { AuditScreen } from '../features/auth/screens/AuditScreen.tsx';
import { CollectionScreen } from '../features/auth/screens/CollectionScreen.tsx';
import { JobsScreen } from '../features/auth/screens/JobsScreen.tsx';
import { ClientModelsScreen } from '../features/sentiment/screens/ClientModelsScreen.tsx';
import { UnsubscribeScreen } from '../features/auth/screens/UnsubscribeScreen.tsx';
import { EmailChangeScreen } from '../features/auth/screens/EmailChangeScreen.tsx';
import { ForgotPasswordScreen } from '../features/auth/screens/ForgotPasswordScreen.tsx';
import { InvitationScreen } from '../features/auth/screens/InvitationScreen.tsx';
import { LoginScreen } from '../features/auth/screens/LoginScreen.tsx';
import { OutboxScreen } from '../features/auth/screens/OutboxScreen.tsx';
import { ClientsScreen } from '../features/clients/screens/ClientsScreen.tsx';
import { grantReturnRoutes } from '../features/access-tokens/routes.tsx';
import { alertRoutes } from '../features/alerts/routes.tsx';
import { ResponseAlertCard } from '../features/responses/components/ResponseAlertForm.tsx';
import { contactRoutes } from '../features/contacts/routes.tsx';
import { mentorRoutes } from '../features/mentor/routes.tsx';
import { wizardRoutes } from '../features/wizard/routes.tsx';
import { wordBinRoutes } from '../features/word-bins/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { AboutScreen } from '../features/public-site/screens/AboutScreen.tsx';
import { BlogsScreen } from '../features/public-site/screens/BlogsScreen.tsx';
import { ContactScreen } from '../features/public-site/screens/ContactScreen.tsx';
import { PolicyScreen } from '../features/public-site/screens/PolicyScreen.tsx';
import { ServicesScreen } from '../features/public-site/screens/ServicesScreen.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { PrivateLayout } from './layouts/PrivateShell.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { queryClient } from './query-client.ts';
import { projectRoutes } from './routes/project.tsx';
import { parseSearch, stringifySearch } from './search-params.ts';
import { AdminRoute, ClientDashboardRoute, HomeOrClients, PasswordSetupRoute, ProjectsRoute, UserDashboard } from './screens.tsx';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundScreen />
    </PublicLayout>
  ),
});

// Screens without a side nav in the route table say so (staticData.sideNav, read by the private shell).
const noSideNav = { sideNav: false } as const;

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', staticData: noSideNav, component: HomeOrClients });

// ---- public pages -------------------------------------------------------------------------
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: '_public', component: PublicLayout });
const publicPage = <P extends string>(path: P, component: () => React.ReactNode) => createRoute({ getParentRoute: () => publicLayout, path, component });
const publicRoutes = [
  publicPage('services', ServicesScreen),
  publicPage('blogs', BlogsScreen),
  publicPage('about-us', AboutScreen),
  publicPage('contact-us', ContactScreen),
  publicPage('policy', PolicyScreen),
] as const;

// ---- sign-in screens, no header --------------------------------------------------------------
const authLayout = createRoute({ getParentRoute: () => rootRoute, id: '_auth', component: AuthLayout });
const authPage = <P extends string>(path: P, component: () => React.ReactNode) => createRoute({ getParentRoute: () => authLayout, path, component });
const passwordSetupRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'password-setup/$contactId',
  // The token now travels in the fragment (PasswordSetupScreen reads it); ?token= is still read for links mailed before.
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: PasswordSetupRoute,
});
const authRoutes = [
  authPage('landing', LoginScreen),
  authPage('login', LoginScreen),
  authPage('loginnew', LoginScreen),
  authPage('forgot-password', ForgotPasswordScreen),
  authPage('forgotpasswordnew', ForgotPasswordScreen),
  authPage('unsubscribe', UnsubscribeScreen),
  authPage('admin', AdminRoute),
  passwordSetupRoute,
  // The pages of emailed links: an invitation to become a contact, a new email to confirm.
  authPage('invitation', InvitationScreen),
  authPage('email-change', EmailChangeScreen),
  // The return addresses of a social network's authorisation (linking an account).
  ...grantReturnRoutes(authLayout),
] as const;

// ---- the private shell -----------------------------------------------------------------------
const privateLayout = createRoute({ getParentRoute: () => rootRoute, id: '_private', component: PrivateLayout });
const privateRoutes = [
  createRoute({ getParentRoute: () => privateLayout, path: 'clients', staticData: noSideNav, component: ClientsScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'dashboard', component: UserDashboard }),
  createRoute({ getParentRoute: () => privateLayout, path: 'admin/outbox', component: OutboxScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'admin/audit', component: AuditScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'admin/collection', component: CollectionScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'admin/jobs', component: JobsScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'admin/sentiment', component: ClientModelsScreen }),
  createRoute({ getParentRoute: () => privateLayout, path: 'client/$clientId/dashboard', staticData: noSideNav, component: ClientDashboardRoute }),
  createRoute({ getParentRoute: () => privateLayout, path: 'client/$clientId/projects', staticData: noSideNav, component: ProjectsRoute }),
  ...projectRoutes(privateLayout),
  ...contactRoutes(privateLayout),
  ...wizardRoutes(privateLayout),
  ...alertRoutes(privateLayout, { projectExtra: ResponseAlertCard }),
  ...wordBinRoutes(privateLayout),
  ...mentorRoutes(privateLayout),
  ...reportRoutes(privateLayout),
] as const;

export const routeTree = rootRoute.addChildren([
  homeRoute,
  publicLayout.addChildren([...publicRoutes]),
  authLayout.addChildren([...authRoutes]),
  privateLayout.addChildren([...privateRoutes]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  // Search values stay plain strings in both directions (see search-params.ts).
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Any 401: the session is gone; the login screen clears what is left.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate({ to: '/login' });
});
