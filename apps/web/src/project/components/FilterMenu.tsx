import { Badge, Button, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { MAX_RANGE_DAYS } from '@listening/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { StreamFilter } from '../../ui/StreamFilter.tsx';
import type { ProjectFilter } from '../filter.ts';
import { filterPresets } from '../presets.ts';

/**
 * The Filter menu: a date range with the quick dates, and the stream checkboxes the
 * project type offers. Nothing changes until Apply, which writes the choice into the address.
 */
export function FilterMenu({
  filter,
  offered,
  streamsFixed,
  onApply,
}: {
  filter: ProjectFilter;
  offered: readonly number[];
  /** A per-platform view shows its one stream: the checkboxes are not offered. */
  streamsFixed: boolean;
  onApply: (next: Pick<ProjectFilter, 'datefrom' | 'dateto' | 'streams'>) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<[string | null, string | null]>([filter.datefrom, filter.dateto]);
  const [streams, setStreams] = useState<number[]>(filter.streams);
  const wide = useMediaQuery('(min-width: 62em)');

  const open = () => {
    setRange([filter.datefrom, filter.dateto]);
    setStreams(filter.streams);
    setOpened(true);
  };
  // The server reads at most MAX_RANGE_DAYS at once; a longer choice is refused here, visibly.
  const tooLong = !!range[0] && !!range[1] && dayjs(range[1]).diff(dayjs(range[0]), 'day') >= MAX_RANGE_DAYS;
  const apply = () => {
    if (!range[0] || !range[1] || tooLong) return;
    onApply({ datefrom: range[0], dateto: range[1], streams });
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="lg" withinPortal trapFocus>
      <Popover.Target>
        <Button leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => (opened ? setOpened(false) : open())} aria-label="Filter">
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="md" data-testid="filter-menu">
        <Stack gap="sm">
          <Group align="flex-start" gap="lg" wrap={wide ? 'nowrap' : 'wrap'}>
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
                Date range
              </Text>
              <DatePicker
                type="range"
                value={range}
                onChange={setRange}
                presets={filterPresets()}
                maxDate={dayjs().format('YYYY-MM-DD')}
                numberOfColumns={wide ? 2 : 1}
                // Two columns end at the range's last month, not at an empty future one.
                defaultDate={dayjs(filter.dateto)
                  .subtract(wide ? 1 : 0, 'month')
                  .format('YYYY-MM-DD')}
                allowSingleDateInRange
              />
            </div>
            {!streamsFixed && (
              <>
                <Divider orientation="vertical" visibleFrom="md" />
                <div>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
                    Streams
                  </Text>
                  <StreamFilter offered={offered} value={streams} onChange={setStreams} />
                </div>
              </>
            )}
          </Group>
          <Divider />
          <Group justify="space-between">
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
            <Group gap="xs">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button onClick={apply} disabled={!range[0] || !range[1] || tooLong}>
                Apply
              </Button>
            </Group>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
