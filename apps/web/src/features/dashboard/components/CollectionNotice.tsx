import { Alert, Anchor, Button, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconPlugConnectedX } from '@tabler/icons-react';
import type { CollectionStatus } from '@listening/contract';
import { useProjectContext } from '../../../project/context.ts';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';

/**
 * Above the dashboard of a project where some network collects nothing: which, and what to
 * configure for each (link an account, a server setting, keywords), with the way to the linking
 * screen. When nothing collects at all the list is open; when only some networks lack a source it
 * folds behind 'What to configure'.
 */
export function CollectionNotice({ status }: { status: CollectionStatus }) {
  const { openDialog } = useProjectContext();
  const nothing = !status.Collecting;
  const [open, { toggle }] = useDisclosure(nothing);
  const missing = status.Streams.filter((s) => !s.Collecting && s.Steps.length);
  if (!status.NotCollecting.length || !missing.length) return null;
  const canLink = missing.some((s) => s.Steps.some((step) => step.Where === 'access-tokens'));
  const server = missing.some((s) => s.Steps.some((step) => step.Where === 'server'));
  return (
    <Alert
      variant="light"
      color={nothing ? 'orange' : 'gray'}
      radius="md"
      p="sm"
      mt="xs"
      icon={<IconPlugConnectedX size={18} />}
      data-testid="collection-notice"
      title={nothing ? status.Summary : `Nothing configured for ${status.NotCollecting.join(', ')}`}
    >
      <Stack gap="xs">
        {nothing && <Text size="sm">Posts arrive only from what is configured for this project: until one of these is done, no new posts come in.</Text>}
        {!nothing && (
          <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={open} ta="left">
            {open ? 'Hide what to configure' : 'What to configure'}
          </Anchor>
        )}
        <Collapse in={open}>
          <List spacing={6} size="sm" listStyleType="none" p={0}>
            {missing.map((s) => (
              <List.Item key={s.StreamId} icon={<StreamIcon streamId={s.StreamId} size={16} />}>
                <Text size="sm" component="span" fw={600}>
                  {s.Name}:
                </Text>{' '}
                <Text size="sm" component="span">
                  {s.Steps.map((step) => step.Text).join('; or ')}
                </Text>
              </List.Item>
            ))}
          </List>
          <Group gap="sm" mt="sm" wrap="wrap">
            {canLink && openDialog && (
              <Button
                size="xs"
                variant="filled"
                color={nothing ? 'orange' : 'gray'}
                leftSection={<IconKey size={14} />}
                onClick={() => openDialog('access-tokens')}
              >
                Open Access Token Management
              </Button>
            )}
            {server && (
              <Text size="xs" c="dimmed" style={{ flex: '1 1 240px' }}>
                Server settings are made by whoever runs the server; docs/operations.md lists them all.
              </Text>
            )}
          </Group>
        </Collapse>
      </Stack>
    </Alert>
  );
}
