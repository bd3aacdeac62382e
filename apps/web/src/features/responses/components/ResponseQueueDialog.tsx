// The side menu's Response option Alert (docs/responses.md): the project's response queue in the
// Filter's range and streams. Posts to the project's own accounts that ask, complain or request,
// unanswered first and oldest first, each with why it needs a response; marked answered or "no
// reply needed" by hand, or closed by an own account's reply when it is collected. Above the list,
// the response-time figures for the chosen wait.
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_RESPONSE_WAIT_MINUTES, type ResponseItem } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useProjectContext } from '../../../project/context.ts';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { formatTime, useTimeZone } from '../../../ui/time.ts';
import { useMarkResponse, useResponseAlert, useResponseQueue } from '../api/responses.ts';
import { waitLabel } from '../wait.ts';
import { ResponseAlertCard } from './ResponseAlertForm.tsx';

const REASONS = [
  { value: 'all', label: 'All' },
  { value: 'question', label: 'Questions' },
  { value: 'complaint', label: 'Complaints' },
  { value: 'request', label: 'Requests' },
];
const WAITS = [15, 30, 60, 240, 1440];
/** The wait choices, with the project's own wait among them. */
const waitOptions = (own: number) => [...new Set([...WAITS, own])].sort((a, b) => a - b).map((m) => ({ value: String(m), label: waitLabel(m) }));
const STATUS: Record<ResponseItem['Status'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'red' },
  answered: { label: 'Answered', color: 'teal' },
  no_reply: { label: 'No reply needed', color: 'gray' },
};

/** Items drawn at first, and added by each "Show more". */
const PAGE = 50;

const minutes = (m: number | null) => (m === null ? '–' : m < 60 ? `${Math.round(m)} min` : `${Math.round((m / 60) * 10) / 10} h`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
}

function Item({ item, projectId }: { item: ResponseItem; projectId: number }) {
  const timeZone = useTimeZone();
  const mark = useMarkResponse();
  const set = (status: 'open' | 'answered' | 'no_reply') => mark.mutate({ projectId, clipId: item.ClipId, status });
  const status = STATUS[item.Status];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="response-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <StreamIcon streamId={item.StreamId} />
          <div>
            <Text size="sm" fw={600}>
              {item.Author ?? 'Someone'}{' '}
              {item.Handle ? (
                <Text span c="dimmed" size="sm">
                  @{item.Handle.replace(/^@/, '')}
                </Text>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed">
              {formatTime(item.PostedAt, timeZone)}
            </Text>
          </div>
        </Group>
        <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.Text}
      </Text>
      <Text size="xs" c="dimmed" mt={4} data-testid="response-why">
        {item.Why}
      </Text>
      <Group gap="xs" mt="xs">
        {item.Link && (
          <Anchor href={item.Link} target="_blank" rel="noreferrer" size="sm">
            Open on {streamName(item.StreamId)}
          </Anchor>
        )}
        {item.Status === 'open' ? (
          <>
            <Button size="xs" variant="light" loading={mark.isPending} onClick={() => set('answered')}>
              Answered
            </Button>
            <Button size="xs" variant="default" loading={mark.isPending} onClick={() => set('no_reply')}>
              No reply needed
            </Button>
          </>
        ) : item.ClosedBy === 'person' ? (
          <Button size="xs" variant="subtle" loading={mark.isPending} onClick={() => set('open')}>
            Open again
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

export function ResponseQueueDialog({ projectId, clientId, onClose }: ProjectDialogProps) {
  const { params, filter } = useProjectContext();
  const [reason, setReason] = useState('all');
  const [stream, setStream] = useState<string | null>(null);
  const setting = useResponseAlert(projectId);
  const own = setting.data?.WaitMinutes ?? DEFAULT_RESPONSE_WAIT_MINUTES;
  // The project's chosen wait until the user picks another.
  const [picked, setWait] = useState<string | null>(null);
  const wait = picked ?? String(own);
  const [shown, setShown] = useState(PAGE);
  const queue = useResponseQueue({
    ...params,
    projectId,
    binId: undefined,
    ...(stream ? { streamIds: stream } : {}),
    ...(reason !== 'all' ? { reason: reason as 'question' | 'complaint' | 'request' } : {}),
    waitMinutes: Number(wait),
  });
  const f = queue.data?.Figures;
  return (
    <Modal opened onClose={onClose} title="Response option Alert" size="xl" radius="md">
      <Text size="sm" c="dimmed" mb="sm">
        Posts to the project’s own accounts that ask, complain or request, in the Filter’s dates and streams. An own account’s reply closes a post by itself
        once it is collected.
      </Text>
      <ResponseAlertCard projectId={projectId} clientId={clientId} />
      <Group gap="sm" mb="sm" wrap="wrap">
        <SegmentedControl size="xs" data={REASONS} value={reason} onChange={setReason} aria-label="Reason" />
        <Select
          size="xs"
          w={160}
          aria-label="Network"
          placeholder="Every network"
          clearable
          data={filter.streams.map((s) => ({ value: String(s), label: streamName(s) }))}
          value={stream}
          onChange={setStream}
        />
        <Select size="xs" w={140} aria-label="Wait" data={waitOptions(own)} value={wait} onChange={(v) => v && setWait(v)} allowDeselect={false} />
      </Group>
      {queue.isPending ? (
        <Loader size="sm" />
      ) : queue.isError ? (
        <Alert color="red">
          {queue.error instanceof ApiError && queue.error.serverMessage ? queue.error.serverMessage : 'The response queue could not be loaded'}
        </Alert>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="response-figures">
            <Figure label="Need a response" value={String(f!.Open)} />
            <Figure label="Median first response" value={minutes(f!.MedianMinutes)} />
            <Figure label="90% answered within" value={minutes(f!.P90Minutes)} />
            <Figure
              label={`Answered within ${waitLabel(Number(wait))}`}
              value={f!.AnsweredWithinWait === null ? '–' : `${Math.round(f!.AnsweredWithinWait * 100)}%`}
            />
          </SimpleGrid>
          {queue.data.Truncated && (
            <Alert color="yellow">The range holds more posts to the brand than the queue weighs at once: the newest are shown. Narrow the dates.</Alert>
          )}
          {queue.data.Items.length === 0 ? (
            <Text c="dimmed" size="sm">
              No post to the project’s own accounts asks, complains or requests in these dates and streams.
            </Text>
          ) : (
            <>
              {queue.data.Items.slice(0, shown).map((item) => (
                <Item key={item.ClipId} item={item} projectId={projectId} />
              ))}
              {queue.data.Items.length > shown && (
                <Button variant="default" onClick={() => setShown((n) => n + PAGE)}>
                  Show more ({queue.data.Items.length - shown} left)
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
