// The admins' view of collection: per project and connector, what was stored and skipped, the last run and its error.
import { Alert, Anchor, Badge, Card, Code, Container, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { STOP_STREAK_THRESHOLD, type CollectionRow } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useCollectionStats } from '../api/get-collection-stats.ts';
import { useUser } from '../api/get-user.ts';
import { useFormatTime } from '../../../ui/time.ts';

const ENDED_COLORS: Record<string, string> = { done: 'green', page_limit: 'blue', stopped: 'red', retries_exhausted: 'orange', failed: 'red', aborted: 'gray' };
const ENDED_LABELS: Record<string, string> = {
  done: 'Done',
  page_limit: 'More to read',
  stopped: 'Stopped',
  retries_exhausted: 'Gave up',
  failed: 'Failed',
  aborted: 'Interrupted',
};

const count = (n: number) => n.toLocaleString('en-ZA');
const projectOf = (r: CollectionRow) =>
  r.ProjectId === null ? 'All projects (shared sources)' : `${r.ClientName ?? ''} · ${r.ProjectName ?? `project ${r.ProjectId}`}`;

/** A time on the screen's clock, or 'Never'. */
function useWhen(): (iso: string | null) => string {
  const time = useFormatTime();
  return (iso) => (iso ? time(iso) : 'Never');
}

/** "not_public 3 · missing_author 1", most first; "None" when nothing was skipped. */
function SkippedText({ skipped }: { skipped: Record<string, number> }) {
  const parts = Object.entries(skipped).sort((a, b) => b[1] - a[1]);
  if (!parts.length) return <Text size="sm">None</Text>;
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {parts.map(([reason, n]) => `${reason} ${count(n)}`).join(' · ')}
    </Text>
  );
}

function LastRun({ r }: { r: CollectionRow }) {
  const when = useWhen();
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{when(r.LastRun)}</Text>
      {r.LastEnded && (
        <Badge variant="light" color={ENDED_COLORS[r.LastEnded] ?? 'gray'} title={r.LastEnded}>
          {ENDED_LABELS[r.LastEnded] ?? r.LastEnded}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The latest error; above it, when an instance of the kind has stopped on STOP_STREAK_THRESHOLD
 * runs in a row or more (admins were notified), a red badge with the streak and that instance's
 * error. Errors hold the network's own words: they are rendered as text, never as markup.
 */
function LastError({ r }: { r: CollectionRow }) {
  const when = useWhen();
  const stopping = r.StoppedRuns >= STOP_STREAK_THRESHOLD;
  if (!r.LastError && !stopping) return <Text size="sm">None</Text>;
  return (
    <Stack gap={4} align="flex-start">
      {stopping && (
        // Wraps instead of cutting its words off in a narrow column (a phone's card).
        <Badge
          color="red"
          variant="filled"
          h="auto"
          py={2}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          title="Its runs keep ending in an error; admins were notified"
        >
          Stopped on {count(r.StoppedRuns)} runs in a row
        </Badge>
      )}
      {stopping && r.StoppedError && r.StoppedError !== r.LastError && (
        <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
          {r.StoppedError}
        </Text>
      )}
      {r.LastError && (
        <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
          {r.LastError}{' '}
          <Text span size="xs" c="dimmed">
            ({when(r.LastErrorAt)})
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/** Admins only: per project and connector kind, what was collected, skipped (and why), when it last ran and the last error. */
export function CollectionScreen() {
  const { data: user } = useUser();
  const stats = useCollectionStats(!!user?.IsAdmin);
  const rows = stats.data?.Rows ?? [];
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Collection"
        subtitle="What the connectors collected for each project, per network and kind (page feeds, comments, replies, hashtag and keyword search, blogs): items stored, items skipped and why, the last run, the last error and connectors that keep stopping."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {user && !user.IsAdmin && <Alert color="yellow">Collection is for administrators only.</Alert>}
      {stats.isLoading && <Loader />}
      {stats.data?.Alerts.map((a) => (
        <Alert key={a.Connector} color="orange" icon={<IconAlertTriangle size={18} />} mb="md" title={`${a.Network} answers have changed`}>
          Many <Code>{a.Connector}</Code> items are skipped for: {a.Reasons.join(', ')}. The network may have renamed or dropped a field.
        </Alert>
      ))}
      {stats.data && rows.length === 0 && <EmptyState title="Nothing collected yet" icon={<IconCloudDownload size={26} />} />}
      {rows.length > 0 && (
        <>
          <Paper withBorder radius="md" visibleFrom="sm">
            <Table verticalSpacing={6} highlightOnHover striped aria-label="Collection">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Connector</Table.Th>
                  <Table.Th ta="right">Collected</Table.Th>
                  <Table.Th>Skipped</Table.Th>
                  <Table.Th>Last run</Table.Th>
                  <Table.Th>Last error</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.ProjectId} ${r.Connector}`}>
                    <Table.Td>{projectOf(r)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.Network}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.Connector} · {count(r.Instances)} {r.Instances === 1 ? 'instance' : 'instances'}, {count(r.Runs)} runs
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{count(r.Collected)}</Table.Td>
                    <Table.Td maw={260}>
                      <SkippedText skipped={r.Skipped} />
                    </Table.Td>
                    <Table.Td>
                      <LastRun r={r} />
                    </Table.Td>
                    <Table.Td maw={260}>
                      <LastError r={r} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          {/* On a phone each row stacks into a card. */}
          <Stack gap="sm" hiddenFrom="sm" aria-label="Collection by connector">
            {rows.map((r) => (
              <Card key={`${r.ProjectId} ${r.Connector}`} withBorder radius="md" padding="sm">
                <Text size="xs" c="dimmed">
                  {projectOf(r)}
                </Text>
                <Group justify="space-between" wrap="nowrap" mb={6}>
                  <Text fw={600}>
                    {r.Network} <Code>{r.Connector}</Code>
                  </Text>
                  <Text fw={700}>{count(r.Collected)}</Text>
                </Group>
                <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
                  <Text size="xs" c="dimmed">
                    Skipped
                  </Text>
                  <SkippedText skipped={r.Skipped} />
                  <Text size="xs" c="dimmed">
                    Last run
                  </Text>
                  <LastRun r={r} />
                  <Text size="xs" c="dimmed">
                    Last error
                  </Text>
                  <LastError r={r} />
                </SimpleGrid>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Container>
  );
}
