import { useParams } from '@tanstack/react-router';
import { ReportDownloadScreen } from './ReportDownloadScreen.tsx';

/** The route's parameters handed to the screen; a new guid starts a new download. */
export function ReportDownloadRoute() {
  const { layoutId, guid } = useParams({ strict: false }) as { layoutId: string; guid: string };
  return <ReportDownloadScreen key={guid} layoutId={layoutId} guid={guid} />;
}
