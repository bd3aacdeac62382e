// The side menu's Narrative Analysis (docs/narratives.md): a query (rule syntax or plain words),
// a range and streams defaulting to the Filter's, "Find narratives"; the storylines largest first,
// each with why it was labelled so, its figures and copies; a click opens its posts in the tray.
import { Alert, Badge, Button, Card, Chip, Group, Loader, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatRand, type Narrative } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { streamName } from '../../../ui/StreamIcon.tsx';
import { recentQueries, rememberQuery, useFindNarratives } from '../api/narratives.ts';

const STATE_COLOR: Record<Narrative['State'], string> = { emerging: 'grape', growing: 'red', steady: 'blue', fading: 'gray' };
/** The tray takes at most this many post ids at once. */
const TRAY_IDS = 1000;
const pct = (x: number) => `${Math.round(x * 100)}%`;

function Split({ parts }: { parts: { label: string; value: number; color: string }[] }) {
  const total = parts.reduce((a, p) => a + p.value, 0) || 1;
  return (
    <Stack gap={2}>
      <Progress.Root size="sm">
        {parts.map((p) => (
          <Progress.Section key={p.label} value={(p.value / total) * 100} color={p.color} />
        ))}
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {parts.map((p) => `${p.label} ${pct(p.value / total)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

function NarrativeCard({ n, onOpen }: { n: Narrative; onOpen: () => void }) {
  const max = Math.max(1, ...n.Trend.map((d) => d.Posts));
  return (
    <Card withBorder radius="md" padding="sm" data-testid="narrative">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap={6}>
          {n.Label.map((l) => (
            <Badge key={l.Phrase} variant="light" title={`Weight ${l.Weight}: its share of this storyline's posts less its share of the others'`}>
              {l.Phrase}
            </Badge>
          ))}
        </Group>
        <Badge color={STATE_COLOR[n.State]}>{n.State}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
        <Text size="sm">
          <b>{n.Posts}</b> posts ({pct(n.Share)})
        </Text>
        <Text size="sm">Reach {n.Reach.toLocaleString()}</Text>
        <Text size="sm">AVE {formatRand(n.AVE)}</Text>
        <Text size="sm">First seen {n.FirstSeen.slice(0, 10)}</Text>
      </SimpleGrid>
      <Group gap={2} align="flex-end" h={28} mt="xs" aria-label="Posts per day">
        {n.Trend.map((d) => (
          <div
            key={d.Day}
            title={`${d.Day}: ${d.Posts}`}
            style={{ flex: 1, height: `${(d.Posts / max) * 100}%`, minHeight: 1, background: 'var(--mantine-color-blue-4)' }}
          />
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        <Split
          parts={[
            { label: 'Positive', value: n.Sentiment.Positive, color: 'teal' },
            { label: 'Neutral', value: n.Sentiment.Neutral, color: 'gray' },
            { label: 'Negative', value: n.Sentiment.Negative, color: 'red' },
          ]}
        />
        <Split
          parts={[
            { label: 'Owned', value: n.Association.Owned, color: 'blue' },
            { label: 'Earned', value: n.Association.Earned, color: 'green' },
            { label: 'Chatter', value: n.Association.Chatter, color: 'orange' },
          ]}
        />
      </SimpleGrid>
      {n.TopAuthors.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          Top authors: {n.TopAuthors.map((a) => `${a.Name} (${a.Posts})`).join(', ')}
        </Text>
      )}
      <Stack gap={4} mt="xs">
        {n.Representative.map((p) => (
          <Text key={p.Id} size="sm" lineClamp={2}>
            “{p.Body}”
          </Text>
        ))}
      </Stack>
      {n.Copies.map((c) => (
        <Text key={c.Body} size="xs" mt={4} c={c.Coordinated ? 'red' : 'dimmed'}>
          {c.Coordinated ? 'Coordinated: ' : 'Copied: '}
          {c.Posts} posts from {c.Accounts} accounts — “{c.Body.slice(0, 80)}”
        </Text>
      ))}
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" onClick={onOpen}>
          Open its posts{n.PostIds.length > TRAY_IDS ? ` (latest ${TRAY_IDS})` : ''}
        </Button>
      </Group>
    </Card>
  );
}

export function NarrativeDialog({ projectId, onClose }: ProjectDialogProps) {
  const { filter } = useProjectContext();
  const tray = useClipTray();
  const [query, setQuery] = useState('');
  const [from, setFrom] = useState(filter.datefrom);
  const [to, setTo] = useState(filter.dateto);
  const [streams, setStreams] = useState(filter.streams.map(String));
  const [recent, setRecent] = useState(() => recentQueries(projectId));
  const find = useFindNarratives();
  const run = (q: string) => {
    setQuery(q);
    if (q.trim()) setRecent(rememberQuery(projectId, q.trim()));
    find.mutate({ projectId, query: q.trim(), startDate: `${from}T00:00:00`, endDate: `${to}T23:59:59`, streamIds: streams.join(',') });
  };
  const answer = find.data;
  return (
    <Modal opened onClose={onClose} title="Narrative Analysis" size="xl" centered radius="md">
      <Stack gap="sm">
        <TextInput
          label="Query"
          description='Plain words, or the rule syntax: AND, OR, NOT, "phrases", brackets. Empty: every post.'
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && run(query)}
          data-testid="narrative-query"
        />
        {recent.length > 0 && (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Recent:
            </Text>
            {recent.map((r) => (
              <Badge key={r} variant="outline" style={{ cursor: 'pointer', textTransform: 'none' }} onClick={() => run(r)}>
                {r}
              </Badge>
            ))}
          </Group>
        )}
        <Group grow>
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        <Chip.Group multiple value={streams} onChange={setStreams}>
          <Group gap={6}>
            {filter.streams.map((s) => (
              <Chip key={s} value={String(s)} size="xs">
                {streamName(s)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group justify="flex-end">
          <Button onClick={() => run(query)} loading={find.isPending} disabled={streams.length === 0}>
            Find narratives
          </Button>
        </Group>
        {find.isPending && <Loader size="sm" />}
        {find.error && (
          <Alert color="red">
            {find.error instanceof ApiError ? (find.error.serverMessage ?? find.error.message) : 'The narratives could not be found; try again.'}
          </Alert>
        )}
        {answer && (
          <Text size="sm" c="dimmed" data-testid="narrative-summary">
            {answer.Narratives.length} narratives among {answer.Posts} posts
            {answer.Sampled ? ' (the latest posts of the range only: narrow the range to read them all)' : ''}
          </Text>
        )}
        {answer?.Narratives.map((n, i) => (
          <NarrativeCard
            key={i}
            n={n}
            onOpen={() => {
              tray.open({
                label: `Narrative: ${n.Label.map((l) => l.Phrase).join(', ')}`,
                startDate: `${from}T00:00:00`,
                endDate: `${to}T23:59:59`,
                binClipBaseIds: n.PostIds.slice(0, TRAY_IDS),
              });
              onClose();
            }}
          />
        ))}
      </Stack>
    </Modal>
  );
}
