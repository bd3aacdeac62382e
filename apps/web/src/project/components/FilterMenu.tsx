// The project screens' Filter: a date range and the streams, written into the address on Apply.
import { Badge, Box, Button, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { MAX_RANGE_DAYS } from '@listening/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import { StreamFilter } from '../../ui/StreamFilter.tsx';
import type { ProjectFilter } from '../filter.ts';
import { wallNow } from '../../ui/time.ts';
import { filterPresets } from '../presets.ts';

type Range = [string | null, string | null];

/**
 * The Filter menu: a date range with the quick dates, and the stream checkboxes the
 * project type offers. Nothing changes until Apply, which writes the choice into the address.
 * A dropdown under the button; on a phone a full-screen dialog (the dropdown is wider than the
 * screen) with the quick dates above the calendar and Cancel and Apply always in view. Either way
 * focus stays inside it and Escape closes it.
 */
export function FilterMenu({
  filter,
  offered,
  streamsFixed,
  timeZone,
  onApply,
}: {
  filter: ProjectFilter;
  /** The client's zone: the quick dates and the last pickable day are its today, not the browser's. */
  timeZone: string;
  offered: readonly number[];
  /** A per-platform view shows its one stream: the checkboxes are not offered. */
  streamsFixed: boolean;
  onApply: (next: Pick<ProjectFilter, 'datefrom' | 'dateto' | 'streams'>) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<Range>([filter.datefrom, filter.dateto]);
  const [streams, setStreams] = useState<number[]>(filter.streams);
  // The month the phone's calendar shows, moved by a quick date so the chosen range is in view.
  const [month, setMonth] = useState(filter.dateto);
  const wide = useMediaQuery('(min-width: 62em)');
  const phone = useMediaQuery('(max-width: 36em)');
  const now = wallNow(timeZone);
  const presets = filterPresets(now);
  const today = now.format('YYYY-MM-DD');

  const open = () => {
    setRange([filter.datefrom, filter.dateto]);
    setStreams(filter.streams);
    setMonth(filter.dateto);
    setOpened(true);
  };
  const close = () => setOpened(false);
  // The server reads at most MAX_RANGE_DAYS at once; a longer choice is refused here, visibly.
  const tooLong = !!range[0] && !!range[1] && dayjs(range[1]).diff(dayjs(range[0]), 'day') >= MAX_RANGE_DAYS;
  const apply = () => {
    if (!range[0] || !range[1] || tooLong) return;
    onApply({ datefrom: range[0], dateto: range[1], streams });
    setOpened(false);
  };

  const picker = (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
        Date range
      </Text>
      {phone ? (
        <Stack gap="sm">
          <Group gap={6} role="group" aria-label="Quick dates">
            {presets.map((p) => (
              <Button
                key={p.label}
                size="compact-sm"
                variant={range[0] === p.value[0] && range[1] === p.value[1] ? 'filled' : 'light'}
                onClick={() => {
                  setRange(p.value);
                  setMonth(p.value[1]);
                }}
              >
                {p.label}
              </Button>
            ))}
          </Group>
          <DatePicker type="range" value={range} onChange={setRange} maxDate={today} date={month} onDateChange={setMonth} allowSingleDateInRange />
        </Stack>
      ) : (
        <DatePicker
          type="range"
          value={range}
          onChange={setRange}
          presets={presets}
          maxDate={today}
          numberOfColumns={wide ? 2 : 1}
          // Two columns end at the range's last month, not at an empty future one.
          defaultDate={dayjs(filter.dateto)
            .subtract(wide ? 1 : 0, 'month')
            .format('YYYY-MM-DD')}
          allowSingleDateInRange
        />
      )}
    </div>
  );
  const streamPicker = !streamsFixed && (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
        Streams
      </Text>
      <StreamFilter offered={offered} value={streams} onChange={setStreams} />
    </div>
  );
  const summary = (
    <Group gap="xs">
      <Badge variant="light" size="lg" radius="sm" color={tooLong ? 'red' : undefined}>
        {range[0] ? dayjs(range[0]).format('D MMM YYYY') : '…'} – {range[1] ? dayjs(range[1]).format('D MMM YYYY') : '…'}
      </Badge>
      {tooLong && (
        <Text size="xs" c="red">
          Choose at most {MAX_RANGE_DAYS} days.
        </Text>
      )}
    </Group>
  );
  const actions = (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" onClick={close}>
        Cancel
      </Button>
      <Button onClick={apply} disabled={!range[0] || !range[1] || tooLong}>
        Apply
      </Button>
    </Group>
  );
  const trigger = (
    <Button leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => (opened ? close() : open())} aria-label="Filter">
      Filter
    </Button>
  );

  if (phone)
    return (
      <>
        {trigger}
        <Modal opened={opened} onClose={close} title="Filter" fullScreen radius={0} padding="md" styles={{ body: { paddingBottom: 0 } }}>
          <Stack gap="md" data-testid="filter-menu">
            {picker}
            {streamPicker}
            {/* Kept at the bottom of the screen however far the dialog scrolls. */}
            <Box pos="sticky" bottom={0} bg="var(--mantine-color-body)" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Stack gap="xs">
                {summary}
                <Group justify="flex-end">{actions}</Group>
              </Stack>
            </Box>
          </Stack>
        </Modal>
      </>
    );

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="lg" withinPortal trapFocus closeOnEscape returnFocus>
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown p="md" data-testid="filter-menu" role="dialog" aria-label="Filter">
        <Stack gap="sm">
          <Group align="flex-start" gap="lg" wrap={wide ? 'nowrap' : 'wrap'}>
            {picker}
            {streamPicker && (
              <>
                <Divider orientation="vertical" visibleFrom="md" />
                {streamPicker}
              </>
            )}
          </Group>
          <Divider />
          <Group justify="space-between">
            {summary}
            {actions}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
