// The admins' view of each client's own sentiment model (docs/sentiment.md, "A client's own
// model"): its ratings, the latest adaptation with base against adapted accuracy on the ratings
// held back, whether it is used and why not, and "Adapt now".
import { Alert, Anchor, Badge, Button, Container, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AdaptationSummary } from '@listening/contract';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useAdaptNow, useClientModels, useIsAdmin } from '../api/client-models.ts';

const count = (n: number) => n.toLocaleString('en-US');
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

function Adaptation({ a }: { a: AdaptationSummary | null }) {
  const time = useFormatTime();
  if (!a)
    return (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm">
        {pct(a.BaseAccuracy)} → {pct(a.AdaptedAccuracy)} on {count(a.HeldBack)} held back of {count(a.Ratings)}{' '}
        <Badge size="xs" variant="light" color={a.Used ? 'green' : 'gray'}>
          {a.Used ? 'Used' : 'Not used'}
        </Badge>
      </Text>
      {a.Reason && (
        <Text size="xs" c="orange.8">
          {a.Reason}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {time(a.DateCreated)}
        {a.Used && `; ${count(a.PostsRescored)} posts re-scored${a.Rescored ? '' : ' so far'}, ${count(a.RowsChanged)} bin rows changed`}
      </Text>
    </Stack>
  );
}

export function ClientModelsScreen() {
  const isAdmin = useIsAdmin();
  const models = useClientModels(isAdmin);
  const adapt = useAdaptNow();
  const rows = models.data ?? [];
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Sentiment models"
        subtitle="Each client's own sentiment model, learned from its analysts' ratings: a fifth of the ratings is held back to judge each adaptation against the shipped model, and one that does worse is not used. Adaptations run on their own when enough new ratings arrive; Adapt now runs one at once."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {!isAdmin && <Alert color="yellow">Sentiment models are for administrators only.</Alert>}
      {models.isLoading && <Loader />}
      {rows.length > 0 && (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" aria-label="Sentiment models" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th ta="right">Ratings</Table.Th>
                <Table.Th>Latest adaptation</Table.Th>
                <Table.Th>In use</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.ClientId} data-testid="client-model">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.ClientName}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{count(c.Ratings)}</Text>
                    <Text size="xs" c="dimmed">
                      {count(c.NewRatings)} new
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Adaptation a={c.Latest} />
                  </Table.Td>
                  <Table.Td>{c.InUse ? <Adaptation a={c.InUse} /> : <Text size="sm">Shipped model</Text>}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={c.Ratings === 0}
                      loading={adapt.isPending && adapt.variables === c.ClientId}
                      onClick={() =>
                        adapt.mutate(c.ClientId, {
                          onSuccess: (r) => toast.success(r.Queued ? `Adapting ${c.ClientName}'s model` : `${c.ClientName}'s adaptation is already queued`),
                        })
                      }
                    >
                      Adapt now
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Container>
  );
}
