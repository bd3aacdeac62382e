// Contact management of a client (docs/spec/002_6c80e0f7cd09047f.txt section 2.6).
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { ContactManagementScreen } from './screens/ContactManagementScreen.tsx';

export function contactRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    // Like the client's other list screens, it has no side nav (the private shell reads this).
    createRoute({
      getParentRoute: () => parent,
      path: 'client/$clientId/contact-management',
      staticData: { sideNav: false },
      component: ContactManagementScreen,
    }),
  ] as const;
}
