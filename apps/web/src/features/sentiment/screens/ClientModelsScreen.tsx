// The admins' view of each client's own sentiment model (docs/sentiment.md, "A client's own
// model"): its ratings, the latest adaptation with base against adapted accuracy on the ratings
// held back, what it and the shipped model call the client's unrated posts, whether it is used
// and why not, "Adapt now" and "Stop using".
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { AdaptationSummary } from '@listening/contract';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useAdaptNow, useClientModels, useIsAdmin, useStopModel } from '../api/client-models.ts';

type ClientRow = NonNullable<ReturnType<typeof useClientModels>['data']>[number];

const count = (n: number) => n.toLocaleString('en-US');
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
const shares = (s: number[]) => `${pct(s[0])} / ${pct(s[1])} / ${pct(s[2])}`;

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
      {a.UnratedShares && (
        <Text size="xs" c="dimmed">
          Negative / Neutral / Positive on {count(a.UnratedShares.Posts)} unrated posts: shipped {shares(a.UnratedShares.Base)}, adapted{' '}
          {shares(a.UnratedShares.Adapted)}
        </Text>
      )}
      {a.Reason && (
        <Text size="xs" c="orange.8">
          {a.Reason}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {time(a.DateCreated)}
        {a.Used && `; ${count(a.PostsRescored)} posts re-scored${a.Rescored ? '' : ' so far'}, ${count(a.RowsChanged)} bin rows changed`}
        {a.DateStopped &&
          `; stopped ${time(a.DateStopped)}: ${count(a.PostsRescored)} posts back to the shipped model${a.Rescored ? '' : ' so far'}, ${count(a.RowsChanged)} bin rows changed`}
      </Text>
    </Stack>
  );
}

/** "Adapt now" and, while an adaptation is in use, "Stop using" (which asks first). */
function ModelActions({ c, onStop }: { c: ClientRow; onStop: () => void }) {
  const adapt = useAdaptNow();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        disabled={c.Ratings === 0}
        loading={adapt.isPending}
        onClick={() =>
          adapt.mutate(c.ClientId, {
            onSuccess: (r) => toast.success(r.Queued ? `Adapting ${c.ClientName}'s model` : `${c.ClientName}'s adaptation is already queued`),
          })
        }
      >
        Adapt now
      </Button>
      {c.InUse && (
        <Button size="xs" variant="light" color="red" onClick={onStop}>
          Stop using
        </Button>
      )}
    </Group>
  );
}

export function ClientModelsScreen() {
  const isAdmin = useIsAdmin();
  const models = useClientModels(isAdmin);
  const stop = useStopModel();
  const [stopping, setStopping] = useState<{ id: number; name: string } | null>(null);
  // On a phone each client is a card: the table's four columns do not fit 390 px.
  const phone = useMediaQuery('(max-width: 48em)');
  const rows = models.data ?? [];
  const askStop = (c: ClientRow) => () => setStopping({ id: c.ClientId, name: c.ClientName });
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Sentiment models"
        subtitle="Each client's own sentiment model, learned from its analysts' ratings: a fifth of the ratings is held back to judge each adaptation against the shipped model, and one that does worse is not used. An adaptation that would take a class away from the client's unrated posts is not used either. Adaptations run on their own when enough new ratings arrive; Adapt now runs one at once, Stop using goes back to the shipped model."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {!isAdmin && <Alert color="yellow">Sentiment models are for administrators only.</Alert>}
      {models.isLoading && <Loader />}
      {rows.length > 0 && phone && (
        <Stack gap="sm" aria-label="Sentiment models">
          {rows.map((c) => (
            <Card key={c.ClientId} withBorder radius="md" padding="sm" data-testid="client-model">
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Text fw={600}>{c.ClientName}</Text>
                <Text size="sm">
                  {count(c.Ratings)} ratings, {count(c.NewRatings)} new
                </Text>
              </Group>
              <Text size="xs" c="dimmed" fw={600}>
                Latest adaptation
              </Text>
              <Adaptation a={c.Latest} />
              <Text size="xs" c="dimmed" fw={600} mt={6}>
                In use
              </Text>
              {c.InUse ? <Adaptation a={c.InUse} /> : <Text size="sm">Shipped model</Text>}
              <Group mt="sm">
                <ModelActions c={c} onStop={askStop(c)} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
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
                    <ModelActions c={c} onStop={askStop(c)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        message={stopping && `Stop using ${stopping.name}'s own sentiment model?`}
        detail="Its unrated posts go back to the shipped model's verdict; rated posts keep their rating. A later adaptation from new ratings may be used again."
        busy={stop.isPending}
        onCancel={() => setStopping(null)}
        onConfirm={() =>
          stopping &&
          stop.mutate(stopping.id, {
            onSuccess: (r) => {
              toast.success(r.Stopped ? `${stopping.name}'s posts go back to the shipped model` : `${stopping.name} had no adaptation in use`);
              setStopping(null);
            },
          })
        }
      />
    </Container>
  );
}
