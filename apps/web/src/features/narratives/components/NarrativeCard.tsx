// One narrative of Narrative Analysis's answer (docs/narratives.md, "What a narrative shows"):
// its label with why, figures, daily trend, splits, authors, representative posts and copies; a
// button opens its posts in the clip tray, another saves its phrases as a word bin.
import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRand, type Narrative } from '@listening/contract';
import { useState } from 'react';
import { SaveAsWordBin } from './SaveAsWordBin.tsx';

const STATE_COLOR: Record<Narrative['State'], string> = { emerging: 'grape', growing: 'red', steady: 'blue', fading: 'gray' };
/** The tray takes at most this many post ids at once. */
export const TRAY_IDS = 1000;
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

export function NarrativeCard({ n, projectId, onOpen }: { n: Narrative; projectId: number; onOpen: () => void }) {
  const [saving, setSaving] = useState(false);
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
      <Group justify="flex-end" mt="xs" gap="xs">
        {!saving && (
          <Button size="xs" variant="subtle" onClick={() => setSaving(true)}>
            Save as word bin
          </Button>
        )}
        <Button size="xs" variant="light" onClick={onOpen}>
          Open its posts{n.PostIds.length > TRAY_IDS ? ` (latest ${TRAY_IDS})` : ''}
        </Button>
      </Group>
      {saving && <SaveAsWordBin projectId={projectId} narrative={n} onDone={() => setSaving(false)} />}
    </Card>
  );
}
