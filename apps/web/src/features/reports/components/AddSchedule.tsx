// Add Schedule: when the report first goes to its recipients (quick picks or any date and time
// in the client's zone) and how often after that. Also edits a schedule of the Schedule List. A
// schedule sends to the report's recipients, so a report without any is not scheduled: the form
// says so beside them and offers Report Options to add some (the server refuses it as well).
import { Alert, Anchor, Button, Chip, Group, Input, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_FREQUENCY_ID, REPORT_MESSAGES, type ReportOptions, type ReportSchedule } from '@listening/contract';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useReportRecipients } from '../api/get-report-choices.ts';
import { useSaveSchedule } from '../api/schedule-report.ts';
import { errorText } from '../errors.ts';
import { formatWall, inputToWire, schedulePicks, wallNow, wireToInput } from '../logic/dates.ts';
import { useUnsavedForm, type UnsavedRef } from './UnsavedChanges.tsx';

export function AddSchedule({
  reportId,
  reportName,
  recipientIds,
  clientId,
  schedule,
  options,
  timeZone,
  guard,
  onRecipients,
  onScheduled,
}: {
  reportId: number;
  reportName: string;
  /** The report's recipients; undefined while the report is loading. */
  recipientIds: readonly number[] | undefined;
  clientId: number;
  /** Set to change a schedule rather than add one. */
  schedule: ReportSchedule | null;
  options: ReportOptions | undefined;
  timeZone: string;
  /** Where the dialog asks whether there are changes to save before it moves on. */
  guard?: UnsavedRef;
  /** Opens Report Options of the report, to choose its recipients. */
  onRecipients: () => void;
  onScheduled: () => void;
}) {
  const [picks] = useState(() => schedulePicks(wallNow(timeZone)));
  const [first] = useState(() => ({ next: schedule?.DateNextSend ?? picks[1].value, frequency: String(schedule?.FrequencyId ?? DEFAULT_FREQUENCY_ID) }));
  const [next, setNext] = useState<string>(first.next);
  const [frequency, setFrequency] = useState<string>(first.frequency);
  const save = useSaveSchedule();
  const contacts = useReportRecipients(clientId);
  const pick = picks.find((p) => p.value === next)?.label ?? null;
  const names = (recipientIds ?? []).map((id) => {
    const c = contacts.data?.find((x) => x.ClientContactId === id);
    return c ? `${c.Name} ${c.Surname}`.trim() || c.Email : `Contact ${id}`;
  });
  const noRecipients = recipientIds !== undefined && recipientIds.length === 0;

  /** Saves the schedule; false when it was refused (said beside the recipients, in a toast or below the form). */
  const saveSchedule = async (): Promise<boolean> => {
    if (noRecipients) return false;
    const FrequencyId = Number(frequency);
    const input = schedule ? { Id: schedule.Id, DateNextSend: next, FrequencyId } : { ReportId: reportId, DateNextSend: next, FrequencyId };
    const res = await save.mutateAsync(input).catch(() => null);
    if (!res) return false;
    // A result without success is the specification's 'Error generating report'.
    if (!res.Success) {
      toast.error(REPORT_MESSAGES.scheduleFailed);
      return false;
    }
    toast.success(res.Message);
    return true;
  };
  const submit = async () => {
    if (await saveSchedule()) onScheduled();
  };
  useUnsavedForm(guard, { dirty: () => next !== first.next || frequency !== first.frequency, save: saveSchedule });

  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={600}>
          {reportName}
        </Text>{' '}
        is sent to its recipients first on {formatWall(next)}, then{' '}
        {options?.FrequencyOptions.find((f) => String(f.Id) === frequency)?.Description.toLowerCase() ?? ''}
        <Text span c="dimmed" size="xs">
          {' '}
          (times in {timeZone})
        </Text>
      </Text>
      <Chip.Group multiple={false} value={pick} onChange={(label) => setNext(picks.find((p) => p.label === label)?.value ?? next)}>
        <Group gap={6} wrap="wrap" aria-label="Quick picks">
          {picks.map((p) => (
            <Chip key={p.label} value={p.label} size="xs" variant="light">
              {p.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Next send"
          type="datetime-local"
          value={wireToInput(next)}
          onChange={(e) => {
            const wire = inputToWire(e.currentTarget.value);
            if (wire) setNext(wire);
          }}
        />
        <Select
          label="Frequency"
          allowDeselect={false}
          data={(options?.FrequencyOptions ?? []).map((f) => ({ value: String(f.Id), label: f.Description }))}
          value={frequency}
          onChange={(v) => v && setFrequency(v)}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Input.Wrapper label="Recipients" error={noRecipients ? REPORT_MESSAGES.noRecipient : undefined} data-testid="schedule-recipients">
        <Text size="sm" mt={4}>
          {recipientIds === undefined ? '…' : names.length ? names.join(', ') : 'None: the schedule would send to nobody.'}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onRecipients}>
            {names.length ? 'Change recipients' : 'Choose recipients'}
          </Anchor>
        </Text>
      </Input.Wrapper>
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending} disabled={noRecipients}>
          {schedule ? 'Save schedule' : 'Schedule'}
        </Button>
      </Group>
    </Stack>
  );
}
