import { Alert, Badge, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Modal } from '../../../ui/Modal.tsx';
import { useMentorDetail } from '../api/get-mentor-detail.ts';

/** What a type-4 notification opens: the tutorial it is about, fetched from the mentor host, with a way into it. */
export function MentorDetailModal({ tutorialId, onClose }: { tutorialId: number | null; onClose: () => void }) {
  const detail = useMentorDetail(tutorialId);
  const navigate = useNavigate();
  const t = detail.data;
  return (
    <Modal opened={tutorialId !== null} onClose={onClose} title={t ? t.Title : 'Tutorial'} size="md">
      {detail.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : detail.isError ? (
        <Alert color="red" title="This tutorial could not be opened">
          {detail.error.message}
        </Alert>
      ) : (
        t && (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {t.PlatformName}
              </Badge>
              <Text size="xs" c="dimmed">
                {t.StepCount} {t.StepCount === 1 ? 'step' : 'steps'}
                {t.Documents.length ? ` · ${t.Documents.length} ${t.Documents.length === 1 ? 'document' : 'documents'}` : ''}
                {t.Videos.length ? ` · ${t.Videos.length} ${t.Videos.length === 1 ? 'video' : 'videos'}` : ''}
              </Text>
            </Group>
            {t.Description && <Text size="sm">{t.Description}</Text>}
            <List type="ordered" size="sm" spacing={4}>
              {t.Steps.map((s) => (
                <List.Item key={s.Id}>{s.Title}</List.Item>
              ))}
            </List>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={() => {
                  onClose();
                  void navigate({ to: '/mentor/tutorial/$tutorialId', params: { tutorialId: String(t.Id) } });
                }}
              >
                Open tutorial
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Modal>
  );
}
