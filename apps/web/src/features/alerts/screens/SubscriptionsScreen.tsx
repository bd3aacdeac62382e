// Notification Management (/contact/notifications, docs/spec/002_6c80e0f7cd09047f.txt section 2.4): what the signed-in contact
// receives (scheduled reports, reaction and crisis lists, alerts) with an Unsubscribe per row, and
// the per-contact notification dialog per project: the dialog belongs to a project, so a project
// is chosen here first; the user menu's link from inside a project names its client and project in
// the address, which this screen chooses for the user (the dialog opens only when asked).
// Unsubscribing asks first, then says it is done. A project's response alerts (issue 42) are rows
// too (type 4, one per project, its wait as the frequency), and the chosen project's Response alert
// setting (who is told, after what wait) is shown and edited here as in the response queue (the
// responses feature's card, composed in by app/router.tsx as `projectExtra`).
import { ActionIcon, Alert, Button, Container, Group, Loader, Paper, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellOff, IconBellPlus } from '@tabler/icons-react';
import { ALERT_MESSAGES, type Subscription } from '@listening/contract';
import { useSearch } from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { toast } from '../../../ui/toast.ts';
import { useClientProjects, useMyClients, useSubscriptions, useUnsubscribe } from '../api/alerts.ts';
import { NotificationDialog } from '../components/NotificationDialog.tsx';

/** The question asked before unsubscribing, naming what stops. */
export const unsubscribeQuestion = (s: Subscription) => `Stop receiving '${s.ReportName}' (${s.NotificationTypeName}, ${s.ProjectName})?`;

/** The row's Unsubscribe icon: it asks which subscription to stop (the screen's one question). */
function UnsubscribeButton({ s, mutation, onAsk }: { s: Subscription; mutation: ReturnType<typeof useUnsubscribe>; onAsk: (s: Subscription) => void }) {
  const busy = mutation.isPending && mutation.variables?.reportId === s.ReportId && mutation.variables.reportType === s.NotificationType;
  return (
    <Tooltip label="Unsubscribe" withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={`Unsubscribe from ${s.ReportName}`} loading={busy} onClick={() => onAsk(s)}>
        <IconBellOff size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** On a phone the five columns do not fit: one card per subscription, the action beside its name. */
function SubscriptionCards({ rows, mutation, onAsk }: { rows: Subscription[]; mutation: ReturnType<typeof useUnsubscribe>; onAsk: (s: Subscription) => void }) {
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
            <UnsubscribeButton s={s} mutation={mutation} onAsk={onAsk} />
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
  const [asking, setAsking] = useState<Subscription | null>(null);
  if (subscriptions.isPending) return <Loader size="sm" />;
  if (subscriptions.isError) return <Alert color="red">Your subscriptions could not be loaded.</Alert>;
  const rows = subscriptions.data;
  const confirm = (
    <ConfirmDialog
      message={asking ? unsubscribeQuestion(asking) : null}
      detail="You stop receiving it by e-mail and in the bell; whoever scheduled it can add you again."
      busy={unsubscribe.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        const s = asking!;
        unsubscribe.mutate(
          { reportId: s.ReportId, reportType: s.NotificationType },
          {
            onSuccess: () => toast.success(`Unsubscribed from '${s.ReportName}'`),
            onError: () => toast.error(ALERT_MESSAGES.removeFailed),
            onSettled: () => setAsking(null),
          },
        );
      }}
    />
  );
  if (narrow && rows.length > 0)
    return (
      <>
        <SubscriptionCards rows={rows} mutation={unsubscribe} onAsk={setAsking} />
        {confirm}
      </>
    );
  return (
    <Stack gap="sm">
      {confirm}
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
                    <UnsubscribeButton s={s} mutation={unsubscribe} onAsk={setAsking} />
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

/** The client chosen: the one asked for when it is the user's, else their only one, else none yet. */
export function chosenClientOf(asked: number | null, clients: readonly { Id: number }[] | undefined): number | null {
  if (!clients) return null;
  if (asked !== null && clients.some((c) => c.Id === asked)) return asked;
  return clients.length === 1 ? clients[0].Id : null;
}

/** What another feature shows under the chosen project (the Response alert setting). */
export type ProjectExtra = ComponentType<{ projectId: number; clientId: number }>;

/** Choose a client and project (the address's, when it names them), then open that project's notification dialog. */
function ProjectAlerts({
  onOpen,
  initial,
  Extra,
}: {
  onOpen: (clientId: number, projectId: number) => void;
  initial: { clientId?: number; projectId?: number };
  Extra?: ProjectExtra;
}) {
  const clients = useMyClients();
  const [clientId, setClientId] = useState<number | null>(initial.clientId ?? null);
  const chosenClient = chosenClientOf(clientId, clients.data);
  const projects = useClientProjects(chosenClient);
  const [projectId, setProjectId] = useState<number | null>(initial.projectId ?? null);
  // A project the address names but the client does not have is not chosen.
  const chosenProject = projectId !== null && projects.data && !projects.data.some((p) => p.Id === projectId) ? null : projectId;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Alerts of a project</Text>
          <Text size="sm" c="dimmed">
            Send a project's new mentions to chosen contacts, by e-mail and in the bell, and choose who hears of posts waiting for a response.
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
            value={chosenProject === null ? null : String(chosenProject)}
            onChange={(v) => setProjectId(v === null ? null : Number(v))}
            searchable
            w={{ base: '100%', sm: 300 }}
          />
          <Button
            leftSection={<IconBellPlus size={16} />}
            disabled={chosenClient === null || chosenProject === null}
            onClick={() => onOpen(chosenClient!, chosenProject!)}
          >
            per Contact Notification
          </Button>
        </Group>
        {Extra && chosenClient !== null && chosenProject !== null && <Extra key={chosenProject} projectId={chosenProject} clientId={chosenClient} />}
      </Stack>
    </Paper>
  );
}

export function SubscriptionsScreen({ projectExtra }: { projectExtra?: ProjectExtra } = {}) {
  const search = useSearch({ from: '/_private/contact/notifications' });
  const [dialog, setDialog] = useState<{ clientId: number; projectId: number } | null>(null);
  const close = () => setDialog(null);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={2}>Notification Management</Title>
        <ProjectAlerts initial={search} Extra={projectExtra} onOpen={(clientId, projectId) => setDialog({ clientId, projectId })} />
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
