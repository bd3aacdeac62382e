// Generate Report: a window (yesterday's start to today's end at first; 7, 14 and 30 days ending
// today; the range picker's quick dates), then the report's document or its clip listing. The
// request answers at once and the Request Log shows it 'Generating...' until the file is ready.
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { isSpreadsheetLayout, type Report } from '@listening/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DateRangePicker } from '../../../ui/DateRangePicker.tsx';
import { toast } from '../../../ui/toast.ts';
import { useGenerateReport } from '../api/generate-report.ts';
import type { ReportScope } from '../api/keys.ts';
import { errorText } from '../errors.ts';
import { QUICK_RANGE_DAYS, dayRange, defaultWindow, formatWindow, inputToWire, quickRange, wallNow, wireToInput, type ReportWindow } from '../logic/dates.ts';

export function GenerateReport({ report, scope, timeZone, onGenerated }: { report: Report; scope: ReportScope; timeZone: string; onGenerated: () => void }) {
  const [win, setWin] = useState<ReportWindow>(() => defaultWindow(wallNow(timeZone)));
  const [problem, setProblem] = useState<string | null>(null);
  const generate = useGenerateReport(scope);
  const days = Math.max(1, Math.round(dayjs(win.end).diff(dayjs(win.start), 'hour') / 24));

  const setEnd = (key: keyof ReportWindow, value: string) => {
    const wire = inputToWire(value);
    if (wire) setWin((w) => ({ ...w, [key]: wire }));
  };
  const run = (listing: boolean) => {
    if (win.end < win.start) {
      setProblem('The window ends before it starts: choose a later end');
      return;
    }
    setProblem(null);
    generate.mutate(
      { ReportId: report.Id, DateStart: win.start, DateEnd: win.end, listing },
      {
        onSuccess: (res) => {
          toast.success(res.Message);
          onGenerated();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={600}>
          {report.Name}
        </Text>{' '}
        for {formatWindow(win.start, win.end)}
        {scope.kind === 'trend' && <>, set against the {days} days before it</>}
        <Text span c="dimmed" size="xs">
          {' '}
          (times in {timeZone})
        </Text>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="From" type="datetime-local" value={wireToInput(win.start)} onChange={(e) => setEnd('start', e.currentTarget.value)} />
        <TextInput label="To" type="datetime-local" value={wireToInput(win.end)} onChange={(e) => setEnd('end', e.currentTarget.value)} />
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        {QUICK_RANGE_DAYS.map((n) => (
          <Button key={n} size="xs" variant="light" onClick={() => setWin(quickRange(wallNow(timeZone), n))}>
            Last {n} days
          </Button>
        ))}
        <DateRangePicker
          label="Pick the report's dates"
          timeZone={timeZone}
          value={[win.start.slice(0, 10), win.end.slice(0, 10)]}
          onChange={([from, to]) => setWin(dayRange(from, to))}
        />
      </Group>
      {(problem || generate.isError) && (
        <Alert color="red" variant="light" role="alert">
          {problem ?? errorText(generate.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => run(true)}
          loading={generate.isPending && generate.variables?.listing === true}
        >
          Clip listing
        </Button>
        <Button
          leftSection={isSpreadsheetLayout(report.LayoutId) ? <IconFileSpreadsheet size={16} /> : <IconFileText size={16} />}
          onClick={() => run(false)}
          loading={generate.isPending && generate.variables?.listing === false}
        >
          Generate
        </Button>
      </Group>
    </Stack>
  );
}
