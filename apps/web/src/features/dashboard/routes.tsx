// The project area's routes: /client/$clientId/project/$projectId and, later, its analysis
// screens as children (000 §2). The app mounts them under the private shell; this feature owns
// the project shell, its search params and its screens.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

// datefrom, dateto (YYYY-MM-DD) and streams (comma list); a bad value falls back to undefined.
const ProjectSearch = z.object({
  datefrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  dateto: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  streams: z.string().regex(/^\d+(,\d+)*$/).optional().catch(undefined),
});

function ProjectDashboardPlaceholder() {
  return <ComingSoon title="Project dashboard">The project dashboard is coming: mentions per stream, the hourly heatmap, top posts, the word cloud and sentiment.</ComingSoon>;
}

export function projectRoutes<TParent extends AnyRoute>(parent: TParent) {
  const project = createRoute({
    getParentRoute: () => parent,
    path: 'client/$clientId/project/$projectId',
    validateSearch: ProjectSearch,
    component: ProjectDashboardPlaceholder,
  });
  return [project] as const;
}
