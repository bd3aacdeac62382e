// Narrative Analysis's saved queries (docs/narratives.md, "Saved queries"): the project's queries
// by name, a click runs one; saving the current query under a name with a range kind and,
// optionally, the alert on a new narrative to chosen contacts; renaming and deleting.
import { ActionIcon, Badge, Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  NARRATIVE_ALERT_GROWTH,
  NARRATIVE_ALERT_MIN_POSTS,
  NARRATIVE_RANGE_KINDS,
  NARRATIVE_RANGE_LABELS,
  type NarrativeQuery,
  type NarrativeRangeKind,
} from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { useContacts, useDeleteQuery, useSaveQuery, useSavedQueries, useUpdateQuery } from '../api/narratives.ts';

const problem = (err: unknown) => (err instanceof ApiError ? (err.serverMessage ?? err.message) : 'It could not be saved; try again.');
const alertSummary = (q: NarrativeQuery) =>
  q.AlertMinPosts === null ? 'no alert' : `alerts ${q.Recipients.length} contact${q.Recipients.length === 1 ? '' : 's'} from ${q.AlertMinPosts} posts`;

/** The saved queries as chips to run, and the rename and delete of each. */
export function SavedQueryList({ projectId, onPick }: { projectId: number; onPick: (q: NarrativeQuery) => void }) {
  const saved = useSavedQueries(projectId);
  const [managing, setManaging] = useState(false);
  const [names, setNames] = useState<Record<number, string>>({});
  const update = useUpdateQuery();
  const remove = useDeleteQuery();
  const queries = saved.data ?? [];
  if (queries.length === 0) return null;
  const rename = (q: NarrativeQuery) =>
    update.mutate(
      {
        id: q.Id,
        body: {
          Name: names[q.Id] ?? q.Name,
          Query: q.Query,
          StreamIds: q.StreamIds.join(','),
          RangeKind: q.RangeKind,
          AlertMinPosts: q.AlertMinPosts,
          AlertGrowth: q.AlertGrowth,
          RecipientIds: q.Recipients.map((r) => r.ContactId),
        },
      },
      { onSuccess: () => toast.success('Query renamed'), onError: (err) => toast.error(problem(err)) },
    );
  return (
    <Stack gap={4} data-testid="saved-queries">
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          Saved:
        </Text>
        {queries.map((q) => (
          <Badge
            key={q.Id}
            color="teal"
            variant="light"
            style={{ cursor: 'pointer', textTransform: 'none' }}
            title={q.Query || 'Every post'}
            onClick={() => onPick(q)}
          >
            {q.Name}
          </Badge>
        ))}
        <Button size="compact-xs" variant="subtle" onClick={() => setManaging((m) => !m)}>
          {managing ? 'Done' : 'Rename or delete'}
        </Button>
      </Group>
      {managing &&
        queries.map((q) => (
          <Group key={q.Id} gap="xs" wrap="nowrap">
            <TextInput
              size="xs"
              aria-label={`Name of ${q.Name}`}
              style={{ flex: 1 }}
              value={names[q.Id] ?? q.Name}
              onChange={(e) => setNames({ ...names, [q.Id]: e.currentTarget.value })}
            />
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {NARRATIVE_RANGE_LABELS[q.RangeKind]}, {alertSummary(q)}
            </Text>
            <Button size="compact-xs" variant="light" disabled={(names[q.Id] ?? q.Name) === q.Name} onClick={() => rename(q)}>
              Rename
            </Button>
            <ActionIcon
              size="sm"
              color="red"
              variant="subtle"
              aria-label={`Delete ${q.Name}`}
              onClick={() => remove.mutate(q.Id, { onSuccess: () => toast.success(`Query '${q.Name}' deleted`) })}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
    </Stack>
  );
}

/** The form that saves the current query and streams under a name. */
export function SaveQueryForm(props: { projectId: number; clientId: number; query: string; streams: number[]; onDone: () => void }) {
  const [name, setName] = useState('');
  const [rangeKind, setRangeKind] = useState<NarrativeRangeKind>('last30');
  const [alert, setAlert] = useState(false);
  const [minPosts, setMinPosts] = useState<number>(10);
  const [growth, setGrowth] = useState<number>(NARRATIVE_ALERT_GROWTH);
  const [recipients, setRecipients] = useState<string[]>([]);
  const contacts = useContacts(props.clientId, alert);
  const save = useSaveQuery();
  const submit = () =>
    save.mutate(
      {
        ProjectId: props.projectId,
        Name: name,
        Query: props.query,
        StreamIds: props.streams.join(','),
        RangeKind: rangeKind,
        AlertMinPosts: alert ? minPosts : null,
        AlertGrowth: growth,
        RecipientIds: alert ? recipients.map(Number) : [],
      },
      {
        onSuccess: (q) => {
          toast.success(`Query '${q.Name}' saved`);
          props.onDone();
        },
      },
    );
  return (
    <Stack gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="save-query">
      <Group grow align="flex-end">
        <TextInput size="xs" label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="save-query-name" />
        <Select
          size="xs"
          label="Range"
          value={rangeKind}
          onChange={(v) => v && setRangeKind(v as NarrativeRangeKind)}
          data={(Object.keys(NARRATIVE_RANGE_KINDS) as NarrativeRangeKind[]).map((k) => ({ value: k, label: NARRATIVE_RANGE_LABELS[k] }))}
          allowDeselect={false}
        />
      </Group>
      <Switch size="xs" label="Alert me to a new narrative" checked={alert} onChange={(e) => setAlert(e.currentTarget.checked)} />
      {alert && (
        <>
          <Group grow>
            <NumberInput
              size="xs"
              label="At least posts"
              min={NARRATIVE_ALERT_MIN_POSTS}
              value={minPosts}
              onChange={(v) => setMinPosts(Number(v) || NARRATIVE_ALERT_MIN_POSTS)}
            />
            <NumberInput
              size="xs"
              label="Emerging, or growing at least ×"
              min={1}
              step={0.5}
              decimalScale={1}
              value={growth}
              onChange={(v) => setGrowth(Number(v) || 1)}
            />
          </Group>
          <MultiSelect
            size="xs"
            label="Recipients"
            placeholder="The client's contacts"
            searchable
            value={recipients}
            onChange={setRecipients}
            data={(contacts.data ?? []).map((c) => ({ value: String(c.Id), label: `${c.Name} ${c.Surname} (${c.Email})` }))}
          />
        </>
      )}
      {save.error && (
        <Text size="xs" c="red">
          {problem(save.error)}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="subtle" onClick={props.onDone}>
          Cancel
        </Button>
        <Button size="xs" onClick={submit} loading={save.isPending} data-testid="save-query-submit">
          Save query
        </Button>
      </Group>
    </Stack>
  );
}
