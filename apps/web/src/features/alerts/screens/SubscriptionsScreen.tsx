// Notification Management (/contact/notifications, 002 section 2.4): what the signed-in contact
// receives (scheduled reports, reaction and crisis lists, alerts) with an Unsubscribe per row, and
// the per-contact notification dialog per project: the dialog belongs to a project, so a project
// is chosen here first; the user menu's link from inside a project opens it for that project.
import { ActionIcon, Alert, Button, Container, Group, Loader, Paper, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellOff, IconBellPlus } from '@tabler/icons-react';
import { ALERT_MESSAGES, type Subscription } from '@listening/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useClientProjects, useMyClients, useSubscriptions, useUnsubscribe } from '../api/alerts.ts';
import { NotificationDialog } from '../components/NotificationDialog.tsx';

/** The row's Unsubscribe icon; the list reloads after it. */
function UnsubscribeButton({ s, mutation }: { s: Subscription; mutation: ReturnType<typeof useUnsubscribe> }) {
  const busy = mutation.isPending && mutation.variables?.reportId === s.ReportId && mutation.variables.reportType === s.NotificationType;
  return (
    <Tooltip label="Unsubscribe" withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Unsubscribe from ${s.ReportName}`}
        loading={busy}
        onClick={() => mutation.mutate({ reportId: s.ReportId, reportType: s.NotificationType }, { onError: () => toast.error(ALERT_MESSAGES.removeFailed) })}
      >
        <IconBellOff size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** On a phone the five columns do not fit: one card per subscription, the action beside its name. */
function SubscriptionCards({ rows, mutation }: { rows: Subscription[]; mutation: ReturnType<typeof useUnsubscribe> }) {
  return (
    <Stack gap="xs" role="list" aria-label="Subscriptions">
      {rows.map((s) => (
        <Paper key={`${s.NotificationType}-${s.ReportId}`} withBorder p="sm" radius="md" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{s.ReportName}</Text>
              <Text size="sm">
                {s.FrequencyDescription} · {s.NotificationTypeName}
              </Text>
              <Text size="sm" c="dimmed">
                {s.ProjectName}
              </Text>
            </div>
            <UnsubscribeButton s={s} mutation={mutation} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function SubscriptionTable() {
  const subscriptions = useSubscriptions();
  const unsubscribe = useUnsubscribe();
  const narrow = useMediaQuery('(max-width: 48em)');
  if (subscriptions.isPending) return <Loader size="sm" />;
  if (subscriptions.isError) return <Alert color="red">Your subscriptions could not be loaded.</Alert>;
  const rows = subscriptions.data;
  if (narrow && rows.length > 0) return <SubscriptionCards rows={rows} mutation={unsubscribe} />;
  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Alert color="blue" role="alert">
          {ALERT_MESSAGES.noSubscriptions}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="Subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Frequency</Table.Th>
              <Table.Th>Notification Type</Table.Th>
              <Table.Th>Project Name</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="sm">
                    {ALERT_MESSAGES.emptyTable}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((s) => (
                <Table.Tr key={`${s.NotificationType}-${s.ReportId}`}>
                  <Table.Td>{s.ReportName}</Table.Td>
                  <Table.Td>{s.FrequencyDescription}</Table.Td>
                  <Table.Td>{s.NotificationTypeName}</Table.Td>
                  <Table.Td>{s.ProjectName}</Table.Td>
                  <Table.Td>
                    <UnsubscribeButton s={s} mutation={unsubscribe} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Choose a client and project, then open that project's notification dialog. */
function ProjectAlerts({ onOpen }: { onOpen: (clientId: number, projectId: number) => void }) {
  const clients = useMyClients();
  const [clientId, setClientId] = useState<number | null>(null);
  const chosenClient = clientId ?? (clients.data?.length === 1 ? clients.data[0].Id : null);
  const projects = useClientProjects(chosenClient);
  const [projectId, setProjectId] = useState<number | null>(null);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Alerts of a project</Text>
          <Text size="sm" c="dimmed">
            Send a project's new mentions to chosen contacts, by e-mail and in the bell.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {(clients.data?.length ?? 0) > 1 && (
            <Select
              label="Client"
              placeholder="Choose a client"
              data={(clients.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
              value={chosenClient === null ? null : String(chosenClient)}
              onChange={(v) => {
                setClientId(v === null ? null : Number(v));
                setProjectId(null);
              }}
              w={{ base: '100%', sm: 240 }}
            />
          )}
          <Select
            label="Project"
            placeholder={chosenClient === null ? 'Choose a client first' : 'Choose a project'}
            disabled={chosenClient === null}
            data={(projects.data ?? []).map((p) => ({ value: String(p.Id), label: p.Description }))}
            value={projectId === null ? null : String(projectId)}
            onChange={(v) => setProjectId(v === null ? null : Number(v))}
            searchable
            w={{ base: '100%', sm: 300 }}
          />
          <Button
            leftSection={<IconBellPlus size={16} />}
            disabled={chosenClient === null || projectId === null}
            onClick={() => onOpen(chosenClient!, projectId!)}
          >
            per Contact Notification
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function SubscriptionsScreen() {
  const search = useSearch({ from: '/_private/contact/notifications' });
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ clientId: number; projectId: number } | null>(
    search.clientId && search.projectId ? { clientId: search.clientId, projectId: search.projectId } : null,
  );
  function close() {
    setDialog(null);
    // The address no longer asks for the dialog, so a reload shows the screen alone.
    if (search.projectId) void navigate({ to: '/contact/notifications', search: {}, replace: true });
  }
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={2}>Notification Management</Title>
        <ProjectAlerts onOpen={(clientId, projectId) => setDialog({ clientId, projectId })} />
        <div>
          <Title order={4} mb="xs">
            Your subscriptions
          </Title>
          <SubscriptionTable />
        </div>
      </Stack>
      {dialog && <NotificationDialog kind="notifications" clientId={dialog.clientId} projectId={dialog.projectId} onClose={close} />}
    </Container>
  );
}
