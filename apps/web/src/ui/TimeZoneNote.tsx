import { Text } from '@mantine/core';
import { timeZoneLabel, useTimeZone } from './time.ts';

/** The screen's one zone label ('Times in Africa/Johannesburg'): every time below is on that clock. */
export function TimeZoneNote() {
  const timeZone = useTimeZone();
  return (
    <Text size="xs" c="dimmed" ta="right" px="md" pt={4} data-testid="time-zone-note">
      {timeZoneLabel(timeZone)}
    </Text>
  );
}
