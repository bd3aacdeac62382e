// The side menu's Narrative Analysis (docs/narratives.md): a query (rule syntax or plain words),
// a range and streams defaulting to the Filter's, "Find narratives"; the storylines largest first,
// each with why it was labelled so, its figures and copies; a click opens its posts in the tray.
// Saved queries run with a click; a range with more posts than the server reads at once is
// searched by a background job whose progress the dialog shows until its answer arrives.
import { Alert, Anchor, Badge, Button, Chip, Group, Loader, Progress, Stack, Text, TextInput } from '@mantine/core';
import { NARRATIVE_RANGE_KINDS, type NarrativeQuery, type NarrativesAnswer } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { streamName } from '../../../ui/StreamIcon.tsx';
import { recentQueries, rememberQuery, useFindNarratives, useNarrativeJob } from '../api/narratives.ts';
import { NarrativeCard, TRAY_IDS } from './NarrativeCard.tsx';
import { SaveQueryForm, SavedQueryList } from './SavedQueries.tsx';

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function NarrativeDialog({ clientId, projectId, onClose }: ProjectDialogProps) {
  const { filter } = useProjectContext();
  const tray = useClipTray();
  const [query, setQuery] = useState('');
  const [from, setFrom] = useState(filter.datefrom);
  const [to, setTo] = useState(filter.dateto);
  const [streams, setStreams] = useState(filter.streams.map(String));
  const [recent, setRecent] = useState(() => recentQueries(projectId));
  const [saving, setSaving] = useState(false);
  const find = useFindNarratives();
  const jobId = find.data?.Job?.State === 'running' ? find.data.Job.Id : null;
  const job = useNarrativeJob(jobId);
  const run = (q: string, range = { from, to, streams }) => {
    setQuery(q);
    if (q.trim()) setRecent(rememberQuery(projectId, q.trim()));
    find.mutate({
      projectId,
      query: q.trim(),
      startDate: `${range.from}T00:00:00`,
      endDate: `${range.to}T23:59:59`,
      streamIds: range.streams.join(','),
    });
  };
  // "Search again": the kept answer's own search (whatever the fields say now), recomputed.
  const searchAgain = () => find.variables && find.mutate({ ...find.variables, refresh: true });
  const pick = (saved: NarrativeQuery) => {
    const today = new Date();
    const range = {
      from: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - NARRATIVE_RANGE_KINDS[saved.RangeKind] + 1)),
      to: isoDay(today),
      streams: saved.StreamIds.map(String),
    };
    setFrom(range.from);
    setTo(range.to);
    setStreams(range.streams);
    run(saved.Query, range);
  };
  const running = jobId !== null && job.data?.State !== 'done' && job.data?.State !== 'failed';
  const answer: NarrativesAnswer | null | undefined = jobId !== null ? job.data?.Answer : find.data;
  const kept = jobId === null && find.data?.Job?.State === 'done' ? find.data.Job : jobId !== null && job.data?.State === 'done' ? job.data : null;
  const failed = job.data?.State === 'failed' ? job.data.Error : find.data?.Job?.State === 'failed' ? find.data.Job.Error : null;
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
        <SavedQueryList projectId={projectId} onPick={pick} />
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
        <Group justify="flex-end" gap="xs">
          {!saving && (
            <Button variant="default" onClick={() => setSaving(true)} disabled={streams.length === 0}>
              Save query
            </Button>
          )}
          <Button onClick={() => run(query)} loading={find.isPending} disabled={streams.length === 0}>
            Find narratives
          </Button>
        </Group>
        {saving && (
          <SaveQueryForm projectId={projectId} clientId={clientId} query={query.trim()} streams={streams.map(Number)} onDone={() => setSaving(false)} />
        )}
        {find.isPending && <Loader size="sm" />}
        {find.error && (
          <Alert color="red">
            {find.error instanceof ApiError ? (find.error.serverMessage ?? find.error.message) : 'The narratives could not be found; try again.'}
          </Alert>
        )}
        {running && (
          <Stack gap={4} data-testid="narrative-progress">
            <Text size="sm">The range has many posts: they are being read and grouped in the background ({Math.round((job.data?.Progress ?? 0) * 100)}%).</Text>
            <Progress value={(job.data?.Progress ?? 0) * 100} animated />
            <Text size="xs" c="dimmed">
              You may close this dialog: asking the same query and range again shows the answer once it is done.
            </Text>
          </Stack>
        )}
        {failed && <Alert color="red">{failed}</Alert>}
        {answer && (
          <Text size="sm" c="dimmed" data-testid="narrative-summary">
            {answer.Narratives.length} narratives among {answer.Posts} posts
            {answer.Sampled ? ' (the latest posts of the range only: narrow the range to read them all)' : ''}
            {kept?.FinishedAt ? ` (found in the background, ${new Date(kept.FinishedAt).toLocaleString()})` : ''}
            {kept && (
              <>
                {' '}
                <Anchor component="button" type="button" size="sm" onClick={searchAgain} data-testid="narrative-search-again">
                  Search again
                </Anchor>
              </>
            )}
          </Text>
        )}
        {answer?.Narratives.map((n, i) => (
          <NarrativeCard
            key={i}
            n={n}
            projectId={projectId}
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
