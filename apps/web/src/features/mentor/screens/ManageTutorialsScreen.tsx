// The admins' list of tutorials, drafts included, to create, change and delete them.
import { ActionIcon, Alert, Badge, Button, Card, Container, Group, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../ui/links.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { toast } from '../../../ui/toast.ts';
import { useAllTutorials, useDeleteTutorial, useMentorFiles } from '../api/manage.ts';
import { tutorialQueryOptions, useMe, usePlatforms } from '../api/tutorials.ts';
import { TutorialEditor } from '../components/TutorialEditor.tsx';
import type { TutorialDetail } from '@listening/contract';

const CONFIRM_DELETE = 'Are you sure you wish to delete this item?';

/** /mentor/manage (admins): every tutorial, drafts too; create, change and delete them. */
export function ManageTutorialsScreen() {
  const me = useMe();
  const isAdmin = !!me?.IsAdmin;
  const tutorials = useAllTutorials(isAdmin);
  const files = useMentorFiles(isAdmin);
  const platforms = usePlatforms();
  const remove = useDeleteTutorial();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  // undefined: closed; null: a new tutorial; otherwise the tutorial being changed.
  const [editing, setEditing] = useState<TutorialDetail | null | undefined>(undefined);
  const [opening, setOpening] = useState<number | null>(null);

  const back = (
    <AnchorLink to="/mentor" size="sm">
      ← Tutorials
    </AnchorLink>
  );
  if (me && !isAdmin)
    return (
      <Container size="lg" py="xl">
        {back}
        <Alert color="yellow" mt="md" title="Administrators only">
          Only the provider's administrators manage tutorials.
        </Alert>
      </Container>
    );

  const edit = async (id: number) => {
    setOpening(id);
    try {
      setEditing(await queryClient.fetchQuery(tutorialQueryOptions(id)));
    } finally {
      setOpening(null);
    }
  };

  return (
    <Container size="lg" py="xl">
      <PageHeader
        above={back}
        title="Manage tutorials"
        subtitle="Tutorials per platform and per screen, with their steps, documents and videos. Inactive tutorials are drafts only administrators see."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} disabled={!platforms.data}>
            New tutorial
          </Button>
        }
      />
      {!tutorials.isSuccess ? (
        <QueryState query={tutorials} errorTitle="The tutorials could not be loaded" />
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tutorial</Table.Th>
                  <Table.Th visibleFrom="sm">Page location</Table.Th>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tutorials.data.map((t) => (
                  <Table.Tr key={t.Id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {t.Title}
                        </Text>
                        {!t.IsActive && (
                          <Badge size="xs" color="yellow" variant="light">
                            Draft
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t.PlatformName}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {t.PageLocation ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t.StepCount}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <Tooltip label={`Edit ${t.Title}`} withArrow>
                          <ActionIcon variant="subtle" aria-label={`Edit ${t.Title}`} loading={opening === t.Id} onClick={() => void edit(t.Id)}>
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={`Delete ${t.Title}`} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${t.Title}`}
                            onClick={() => {
                              if (window.confirm(CONFIRM_DELETE)) remove.mutate(t.Id, { onSuccess: () => toast.success('Successfully Deleted') });
                            }}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${editing.Title}` : 'New tutorial'}
        size="xl"
        fullScreen={phone}
      >
        {editing !== undefined && platforms.data && (
          <TutorialEditor
            key={editing?.Id ?? 'new'}
            tutorial={editing}
            platforms={platforms.data}
            files={files.data ?? []}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </Container>
  );
}
