// The mentor (tutorial) area (docs/spec/002_6c80e0f7cd09047f.txt section 2.11): the tutorials, one tutorial's player, the document
// viewer at the specification's route /mentor/document/{fileName}, and the admins' management.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { DocumentViewerScreen } from './screens/DocumentViewerScreen.tsx';
import { ManageTutorialsScreen } from './screens/ManageTutorialsScreen.tsx';
import { TutorialPlayerScreen } from './screens/TutorialPlayerScreen.tsx';
import { TutorialsScreen } from './screens/TutorialsScreen.tsx';

export function mentorRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({ getParentRoute: () => parent, path: 'mentor', component: TutorialsScreen }),
    createRoute({ getParentRoute: () => parent, path: 'mentor/tutorial/$tutorialId', component: TutorialPlayerScreen }),
    createRoute({ getParentRoute: () => parent, path: 'mentor/document/$fileName', component: DocumentViewerScreen }),
    createRoute({ getParentRoute: () => parent, path: 'mentor/manage', component: ManageTutorialsScreen }),
  ] as const;
}
