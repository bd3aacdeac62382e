// A client's advertising rates (CPM) per network, behind AVE: read by all, edited in place by admins.
import { Alert, Badge, Button, Group, NumberInput, Paper, Table, Text, Title } from '@mantine/core';
import { CPM_MAX, type AveSettings } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { Money } from '../../../ui/Money.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { useUpdateCpm } from '../api/update-cpm.ts';

type Drafts = Record<number, number | string>;

/** The client's CPM per network; administrators edit it in place and save the changed rows. */
export function CpmTable({ settings }: { settings: AveSettings }) {
  const [drafts, setDrafts] = useState<Drafts>({});
  const update = useUpdateCpm();
  const rows = [...settings.Streams].sort((a, b) => Number(b.InProject) - Number(a.InProject));
  const changed = settings.Streams.filter((s) => s.StreamId in drafts && drafts[s.StreamId] !== '' && Number(drafts[s.StreamId]) !== s.Cpm);
  const error = update.error instanceof ApiError ? (update.error.serverMessage ?? update.error.message) : null;

  const save = async (cpm: { streamId: number; cpm: number | null }[]) => {
    const r = await update.mutateAsync({ clientId: settings.ClientId, cpm });
    setDrafts({});
    toast.success(`CPM saved: ${r.PostsRevalued.toLocaleString('en-US')} ${r.PostsRevalued === 1 ? 'post' : 'posts'} revalued`);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
        <div>
          <Title order={4}>CPM per network: {settings.ClientName}</Title>
          <Text size="sm" c="dimmed">
            Rand per thousand impressions. {settings.CanEdit ? 'Only administrators change these.' : 'Your account manager can change these for you.'}
          </Text>
        </div>
        {settings.CanEdit && (
          <Button
            disabled={changed.length === 0}
            loading={update.isPending}
            onClick={() => void save(changed.map((s) => ({ streamId: s.StreamId, cpm: Number(drafts[s.StreamId]) }))).catch(() => undefined)}
          >
            Save changes
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" title="Not saved" mb="sm">
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table fz="sm" verticalSpacing={6} data-testid="cpm-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Network</Table.Th>
              <Table.Th>CPM</Table.Th>
              <Table.Th>Default</Table.Th>
              <Table.Th>Organic reach</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.StreamId} data-testid={`cpm-${s.StreamId}`} style={{ opacity: s.InProject ? 1 : 0.7 }}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <StreamIcon streamId={s.StreamId} size={15} />
                    <Text size="sm">{streamName(s.StreamId)}</Text>
                    {s.InProject && (
                      <Badge size="xs" variant="light">
                        this project
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {settings.CanEdit ? (
                    <NumberInput
                      aria-label={`CPM for ${streamName(s.StreamId)}`}
                      w={130}
                      size="xs"
                      prefix="R "
                      decimalScale={2}
                      thousandSeparator=","
                      min={0}
                      max={CPM_MAX}
                      value={drafts[s.StreamId] ?? s.Cpm}
                      onChange={(v) => setDrafts((d) => ({ ...d, [s.StreamId]: v }))}
                    />
                  ) : (
                    <Money value={s.Cpm} size="sm" fw={s.IsCustom ? 700 : undefined} style={{ whiteSpace: 'nowrap' }} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Money value={s.DefaultCpm} size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} />
                    {settings.CanEdit && s.IsCustom && (
                      <Button variant="subtle" size="compact-xs" onClick={() => void save([{ streamId: s.StreamId, cpm: null }]).catch(() => undefined)}>
                        Use default
                      </Button>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{Math.round(s.OrganicReach * 100)}% of followers</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
