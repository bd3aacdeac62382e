// A client's post retention, for administrators: how many months of posts are kept (or for ever),
// what is kept longer, and when the retention job last ran and what it removed
// (docs/operations.md, "Retention").
import { Alert, Button, Group, NumberInput, Paper, Switch, Text, Title } from '@mantine/core';
import { RETENTION_MONTHS_MAX, type ClientRetention } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { formatDate, formatTime } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useClientRetention, useUpdateRetention } from '../api/retention.ts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function LastRun({ r, timeZone }: { r: ClientRetention; timeZone: string }) {
  const run = r.LastRun;
  if (!run) return <Text size="sm">Not run yet{r.MonthsKept === null ? '' : ': it runs once a day, and at once after a change'}.</Text>;
  return (
    <Text size="sm" data-testid="retention-last-run">
      Last run {formatTime(run.StartedAt, timeZone)}
      {run.FinishedAt ? '' : ' (under way, or stopped early: the next run carries on)'}: posts before {formatDate(run.Cutoff, timeZone)} removed,{' '}
      {count(run.BinClipsRemoved, 'entry', 'entries')} in the client's bins and {count(run.PostsRemoved, 'post', 'posts')} from storage (posts that another
      client or a word bin still holds stay).
    </Text>
  );
}

function RetentionForm({ r, timeZone, onSaved }: { r: ClientRetention; timeZone: string; onSaved: () => void }) {
  const [forever, setForever] = useState(r.MonthsKept === null);
  const [months, setMonths] = useState<number | string>(r.MonthsKept ?? 24);
  const update = useUpdateRetention(r.ClientId, onSaved);
  const wanted = forever ? null : Number(months);
  const invalid = !forever && (!Number.isInteger(wanted) || wanted! < 1 || wanted! > RETENTION_MONTHS_MAX);
  const error = update.error instanceof ApiError ? (update.error.serverMessage ?? update.error.message) : null;
  const save = async () => {
    await update.mutateAsync(wanted);
    toast.success(wanted === null ? 'Posts are kept for ever' : `Posts are kept for ${count(wanted, 'month', 'months')}: the removal runs now`);
  };
  return (
    <>
      {error && (
        <Alert color="red" variant="light" title="Not saved" mb="sm">
          {error}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap" gap="md">
        <Switch label="Keep posts for ever" checked={forever} onChange={(e) => setForever(e.currentTarget.checked)} />
        <NumberInput
          label="Months of posts kept"
          min={1}
          max={RETENTION_MONTHS_MAX}
          allowDecimal={false}
          disabled={forever}
          value={forever ? '' : months}
          onChange={setMonths}
          error={invalid ? `Between 1 and ${RETENTION_MONTHS_MAX} months` : undefined}
          w={180}
        />
        <Button disabled={invalid || wanted === r.MonthsKept} loading={update.isPending} onClick={() => void save().catch(() => undefined)}>
          Save
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        Older posts leave storage. The hourly figures (mentions, sentiment, AVE, places, hashtags and other items) are kept as long as the project exists, so
        charts of older ranges still count them; lists of posts for those ranges say the posts are no longer kept.
      </Text>
      {r.PostsKeptFrom && (
        <Text size="sm" mt="xs">
          Posts kept from {formatDate(r.PostsKeptFrom, timeZone)}.
        </Text>
      )}
      <Group mt="xs">
        <LastRun r={r} timeZone={timeZone} />
      </Group>
    </>
  );
}

/** The retention panel of the client dashboard (admins). */
export function RetentionCard({ clientId, timeZone }: { clientId: number; timeZone: string }) {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const q = useClientRetention(clientId, savedAt);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="lg" aria-label="Posts kept">
      <Title order={3} fz="lg" mb={4}>
        Posts kept
      </Title>
      {q.data ? (
        <RetentionForm key={`${q.data.MonthsKept}`} r={q.data} timeZone={timeZone} onSaved={() => setSavedAt(Date.now())} />
      ) : (
        <Text size="sm">{q.isError ? 'Could not load the setting.' : 'Loading…'}</Text>
      )}
    </Paper>
  );
}
