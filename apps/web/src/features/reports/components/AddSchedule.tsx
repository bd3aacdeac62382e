// Add Schedule: when the report first goes to its recipients (quick picks or any date and time
// in the client's zone) and how often after that. Also edits a schedule of the Schedule List.
import { Alert, Button, Chip, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_FREQUENCY_ID, REPORT_MESSAGES, type ReportOptions, type ReportSchedule } from '@listening/contract';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useSaveSchedule } from '../api/schedule-report.ts';
import { errorText } from '../errors.ts';
import { formatWall, inputToWire, schedulePicks, wallNow, wireToInput } from '../logic/dates.ts';

export function AddSchedule({
  reportId,
  reportName,
  schedule,
  options,
  timeZone,
  onScheduled,
}: {
  reportId: number;
  reportName: string;
  /** Set to change a schedule rather than add one. */
  schedule: ReportSchedule | null;
  options: ReportOptions | undefined;
  timeZone: string;
  onScheduled: () => void;
}) {
  const [picks] = useState(() => schedulePicks(wallNow(timeZone)));
  const [next, setNext] = useState<string>(() => schedule?.DateNextSend ?? picks[1].value);
  const [frequency, setFrequency] = useState<string>(String(schedule?.FrequencyId ?? DEFAULT_FREQUENCY_ID));
  const save = useSaveSchedule();
  const pick = picks.find((p) => p.value === next)?.label ?? null;

  const submit = () => {
    const FrequencyId = Number(frequency);
    const input = schedule ? { Id: schedule.Id, DateNextSend: next, FrequencyId } : { ReportId: reportId, DateNextSend: next, FrequencyId };
    save.mutate(input, {
      onSuccess: (res) => {
        // A result without success is the specification's 'Error generating report'.
        if (!res.Success) {
          toast.error(REPORT_MESSAGES.scheduleFailed);
          return;
        }
        toast.success(res.Message);
        onScheduled();
      },
    });
  };

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
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {schedule ? 'Save schedule' : 'Schedule'}
        </Button>
      </Group>
    </Stack>
  );
}
