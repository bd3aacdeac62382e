import { Alert, Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MESSAGES, screenShown, type Project } from '@listening/contract';
import { useState, type FormEvent } from 'react';
import { CompetitorSettings } from '../../../project/components/CompetitorSettings.tsx';
import { toast } from '../../../ui/toast.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { useRenameProject } from '../api/rename-project.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';

/** Admins: rename a project, manage its competitors (types 1 and 5), or delete it after a confirmation. */
export function ProjectSettingsModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const [name, setName] = useState(project.Description);
  const [confirming, setConfirming] = useState(false);
  const rename = useRenameProject(project.ClientId);
  const remove = useDeleteProject(project.ClientId);
  const trimmed = name.trim();

  function onRename(e: FormEvent) {
    e.preventDefault();
    if (!trimmed || trimmed === project.Description) return;
    rename.mutate(
      { project, name: trimmed },
      {
        onSuccess: () => {
          toast.success(`Project renamed to ${trimmed}`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Project settings</Text>} centered radius="md" size="md">
      {confirming ? (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {MESSAGES.confirmDeleteProject(project.Description)}
          </Alert>
          <DialogActions onCancel={() => setConfirming(false)}>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(project, {
                  onSuccess: () => {
                    toast.success(`${project.Description} deleted`);
                    onClose();
                  },
                })
              }
            >
              Delete
            </Button>
          </DialogActions>
        </Stack>
      ) : (
        <Stack>
          <form onSubmit={onRename}>
            <Stack gap="sm">
              <TextInput label="Project name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} data-autofocus />
              <Group justify="flex-end">
                <Button type="submit" disabled={!trimmed || trimmed === project.Description} loading={rename.isPending}>
                  Rename
                </Button>
              </Group>
            </Stack>
          </form>
          {screenShown('competitor-tracking', project.ProjectTypeId) && (
            <>
              <Divider label="Competitors" labelPosition="left" />
              <CompetitorSettings projectId={project.Id} projectName={project.Description} />
            </>
          )}
          <Divider label="Danger zone" labelPosition="left" />
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Deleting hides the project and its dashboards from everyone.
            </Text>
            <Button color="red" variant="light" onClick={() => setConfirming(true)} style={{ flexShrink: 0 }}>
              Delete project
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
