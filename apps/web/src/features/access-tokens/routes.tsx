// The return addresses of a social network's authorisation (docs/spec/000_a68d9a07050fe88c.txt section 2): /profile,
// /brandInfluencer and /brandInfluencerprofile, without a header and without a session (the
// client may open an admin's link signed out). All three complete a grant the same way.
import { createRoute, useSearch, type AnyRoute } from '@tanstack/react-router';
import { grantReturnSchema } from './api/complete-grant.ts';
import { GrantReturnScreen } from './screens/GrantReturnScreen.tsx';

function GrantReturnRoute() {
  // The three routes share one search schema; a value that is not a string is dropped by it.
  const search = grantReturnSchema.parse(useSearch({ strict: false }));
  return <GrantReturnScreen search={search} />;
}

export function grantReturnRoutes<TParent extends AnyRoute>(parent: TParent) {
  const at = <P extends string>(path: P) => createRoute({ getParentRoute: () => parent, path, validateSearch: grantReturnSchema, component: GrantReturnRoute });
  return [at('profile'), at('brandInfluencer'), at('brandInfluencerprofile')] as const;
}
