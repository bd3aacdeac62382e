// A client's projects grouped by type, with search, and the admins' create, rename and delete.
import { Accordion, Alert, Badge, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AnchorLink, ButtonLink } from '../../../ui/links.tsx';
import type { Project } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { useProjects } from '../api/get-projects.ts';
import { ProjectCard } from '../components/ProjectCard.tsx';
import { ProjectSettingsModal } from '../components/ProjectSettingsModal.tsx';
import { groupProjects } from '../project-groups.ts';
import { listCount } from '../../../ui/count.ts';
import { CARD_GRID_COLS, CardGridSkeleton } from '../../../ui/CardGridSkeleton.tsx';

/** The project list: collapsible sections by project type; admins rename, delete and create. */
export function ProjectsScreen({ clientId, clientName, isAdmin }: { clientId: number; clientName?: string; isAdmin: boolean }) {
  const { data, isPending, isError } = useProjects(clientId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Project | null>(null);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const groups = groupProjects(data ?? [], search);
  const groupIds = groups.map((g) => String(g.typeId));
  const params = { clientId: String(clientId) };

  return (
    <Container size="xl" py="xl">
      <PageHeader
        above={
          <AnchorLink to="/client/$clientId/dashboard" params={params} size="sm">
            ← {clientName ?? `Client ${clientId}`}
          </AnchorLink>
        }
        title="Projects"
        tabTitle={clientName ? `Projects · ${clientName}` : 'Projects'}
        subtitle={
          data
            ? listCount(
                'project',
                groups.reduce((n, g) => n + g.projects.length, 0),
                data.length,
                search.trim() !== '',
              )
            : ' '
        }
        actions={
          <>
            <SearchField label="Search projects" placeholder="Search projects" value={search} onChange={setSearch} width={260} />
            {isAdmin && (
              <ButtonLink to="/client/$clientId/new-project" params={params} leftSection={<IconPlus size={16} />}>
                New
              </ButtonLink>
            )}
          </>
        }
      />
      {isError && <Alert color="red">The projects could not be loaded.</Alert>}
      {isPending && <CardGridSkeleton height={150} />}
      {data && groups.length === 0 && <EmptyState title={search ? 'No project matches your search' : 'This client has no projects yet'} />}
      {groups.length > 0 && (
        <Accordion
          multiple
          value={groupIds.filter((id) => !collapsed.includes(id))}
          onChange={(open) => setCollapsed((prev) => [...prev.filter((id) => !groupIds.includes(id)), ...groupIds.filter((id) => !open.includes(id))])}
          variant="separated"
          radius="md"
          chevronPosition="left"
        >
          {groups.map((group) => (
            <Accordion.Item key={group.typeId} value={String(group.typeId)}>
              <Accordion.Control>
                <Group gap="sm">
                  <Text fw={700}>{group.label}</Text>
                  <Badge variant="light" color="gray" radius="sm">
                    {group.projects.length}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={CARD_GRID_COLS} spacing="md">
                  {group.projects.map((p) => (
                    <ProjectCard key={p.Id} project={p} onSettings={isAdmin ? setEditing : undefined} />
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {editing && <ProjectSettingsModal project={editing} onClose={() => setEditing(null)} />}
    </Container>
  );
}
