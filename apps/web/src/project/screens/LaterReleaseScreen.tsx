import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** An analysis screen of document 2 that a later release builds; the route exists and says so. */
export function LaterReleaseScreen({ title }: { title: string }) {
  return <ComingSoon title={title}>{title} is coming in a later release. The project dashboard and its filter are available now from the menu.</ComingSoon>;
}
