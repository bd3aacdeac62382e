// A project address that names no screen (…/project/4/no-such-screen): said inside the project's
// own frame, with the way back to its dashboard, instead of the public site's 404.
import { Container } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { MESSAGES } from '@listening/contract';
import { ButtonLink } from '../../ui/links.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useProjectContext } from '../context.ts';

export function ProjectNotFound() {
  const { clientId, project } = useProjectContext();
  return (
    <Container size="sm" py="xl" data-testid="project-not-found">
      <EmptyState title={MESSAGES.notFoundPage} icon={<IconMapPinOff size={26} />}>
        {project.Description} has no screen at this address. Check the address, or go back to the project.
      </EmptyState>
      <ButtonLink
        to="/client/$clientId/project/$projectId"
        params={{ clientId: String(clientId), projectId: String(project.Id) }}
        variant="light"
        display="block"
        mx="auto"
        w="fit-content"
      >
        Back to the dashboard
      </ButtonLink>
    </Container>
  );
}
