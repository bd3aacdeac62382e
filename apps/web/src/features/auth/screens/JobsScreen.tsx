// The admins' view of background work: each job queue by state, the schedules and the recent failures.
import { Alert, Anchor, Badge, Card, Code, Container, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { JobsOverview } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { useJobs } from '../api/get-jobs.ts';
import { useUser } from '../api/get-user.ts';

type Failure = JobsOverview['Failures'][number];
const count = (n: number) => n.toLocaleString('en-ZA');
const every = (ms: number) => (ms % 60_000 === 0 ? `every ${ms / 60_000} min` : `every ${ms / 1000} s`);

function StateCount({ n, color, label }: { n: number; color: string; label: string }) {
  return (
    <Badge variant={n ? 'light' : 'outline'} color={n ? color : 'gray'} title={label}>
      {label} {count(n)}
    </Badge>
  );
}

function FailureText({ f }: { f: Failure }) {
  const time = useFormatTime();
  return (
    <Stack gap={2}>
      <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
        {f.Error}
      </Text>
      <Text size="xs" c="dimmed">
        {f.State === 'failed'
          ? `Gave up after ${f.Attempts} attempts${f.DateFinished ? `, ${time(f.DateFinished)}` : ''}`
          : `Attempt ${f.Attempts} of ${f.MaxAttempts}; next ${f.NextRun ? time(f.NextRun) : 'soon'}`}
      </Text>
    </Stack>
  );
}

/** Admins only: the durable job runner's queues by state, their schedules and recent failures with the error. */
export function JobsScreen() {
  const time = useFormatTime();
  const { data: user } = useUser();
  const jobs = useJobs(!!user?.IsAdmin);
  const data = jobs.data;
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Jobs"
        subtitle="The background work of every server and worker: collection from each network (one queue per network), word-bin digests, crisis spike alerts and the other scheduled jobs. Each queue by state, the schedules, and the jobs that failed with their error (failed attempts are retried with a growing pause)."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {user && !user.IsAdmin && <Alert color="yellow">Jobs are for administrators only.</Alert>}
      {jobs.isLoading && <Loader />}
      {data && data.Queues.length === 0 && data.Schedules.length === 0 && <EmptyState title="No jobs yet" icon={<IconClockPlay size={26} />} />}
      {data && data.Queues.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg" aria-label="Queues">
          {data.Queues.map((q) => (
            <Card key={q.Queue} withBorder radius="md" padding="sm">
              <Text fw={600} mb={6}>
                <Code>{q.Queue}</Code>
              </Text>
              <Group gap={6} wrap="wrap">
                <StateCount n={q.Queued} color="blue" label="Queued" />
                <StateCount n={q.Running} color="teal" label="Running" />
                <StateCount n={q.Done} color="green" label="Done" />
                <StateCount n={q.Failed} color="red" label="Failed" />
              </Group>
              {q.OldestDue && (
                <Text size="xs" c="dimmed" mt={6}>
                  Oldest waiting since {time(q.OldestDue)}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      {data && data.Schedules.length > 0 && (
        <>
          <Title order={3} size="h4" mb="xs">
            Schedules
          </Title>
          <Paper withBorder radius="md" mb="lg">
            <Table verticalSpacing={6} aria-label="Schedules">
              <Table.Tbody>
                {data.Schedules.map((s) => (
                  <Table.Tr key={s.Name}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {s.Name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.Queue}, {every(s.EveryMs)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">Next {time(s.NextRun)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      {data && (
        <>
          <Title order={3} size="h4" mb="xs">
            Recent failures
          </Title>
          {data.Failures.length === 0 ? (
            <Text c="dimmed" size="sm">
              No job has failed.
            </Text>
          ) : (
            <Stack gap="sm" aria-label="Recent failures">
              {data.Failures.map((f) => (
                <Card key={f.Id} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="wrap" gap={4} mb={4}>
                    <Text size="sm" fw={600}>
                      <Code>{f.Queue}</Code> #{f.Id}
                    </Text>
                    <Badge color={f.State === 'failed' ? 'red' : 'orange'} variant="light">
                      {f.State === 'failed' ? 'Failed' : 'Retrying'}
                    </Badge>
                  </Group>
                  {f.Key && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {f.Key}
                    </Text>
                  )}
                  <FailureText f={f} />
                </Card>
              ))}
            </Stack>
          )}
        </>
      )}
    </Container>
  );
}
