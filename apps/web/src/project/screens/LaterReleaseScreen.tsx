import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';
import { useProjectContext } from '../context.ts';
import { filterToSearch } from '../filter.ts';

const projectRoute = getRouteApi('/_private/client/$clientId/project/$projectId');

/** An analysis screen of document 2 that a later release builds; the route exists, says so, and leads back. */
export function LaterReleaseScreen({ title }: { title: string }) {
  const { clientId, project, filter } = useProjectContext();
  const navigate = projectRoute.useNavigate();
  const back = () =>
    void navigate({
      to: '/client/$clientId/project/$projectId',
      params: { clientId: String(clientId), projectId: String(project.Id) },
      search: filterToSearch(filter),
    });
  return (
    <ComingSoon
      title={title}
      back={
        <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={back} mt="sm">
          Back to the dashboard
        </Button>
      }
    >
      {title} is coming in a later release. The project dashboard and its filter are available now from the menu.
    </ComingSoon>
  );
}
