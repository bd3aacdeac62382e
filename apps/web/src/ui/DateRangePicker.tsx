import { Button, Group, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { datePresets, type DateRange } from './date-presets.ts';
import { wallNow } from './time.ts';

/**
 * A range picker with the specification's quick picks; it reports a range once both ends are set.
 * Today (the quick picks, the last pickable day) is today in `timeZone`, the client's zone.
 */
export function DateRangePicker({
  value,
  onChange,
  timeZone,
  label = 'Date range',
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  timeZone: string;
  label?: string;
}) {
  const [opened, setOpened] = useState(false);
  const now = wallNow(timeZone);
  const [draft, setDraft] = useState<[string | null, string | null]>(value);
  const text = `${dayjs(value[0]).format('D MMM YYYY')} – ${dayjs(value[1]).format('D MMM YYYY')}`;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} />}
          aria-label={label}
          onClick={() => {
            setDraft(value);
            setOpened((o) => !o);
          }}
        >
          {text}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <DatePicker type="range" value={draft} onChange={setDraft} presets={datePresets(now)} maxDate={now.format('YYYY-MM-DD')} numberOfColumns={2} />
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              disabled={!draft[0] || !draft[1]}
              onClick={() => {
                if (draft[0] && draft[1]) onChange([draft[0], draft[1]]);
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
