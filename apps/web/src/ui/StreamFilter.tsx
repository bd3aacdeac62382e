import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { YOUTUBE, toggleStream } from '@listening/contract';
import { StreamIcon, streamName } from './StreamIcon.tsx';

/**
 * Stream checkboxes obeying the filter rules: YouTube is exclusive, and the last
 * selected stream cannot be cleared (its box is disabled, so the refusal is visible).
 */
export function StreamFilter({ offered, value, onChange }: { offered: readonly number[]; value: readonly number[]; onChange: (next: number[]) => void }) {
  const mixesYoutube = offered.includes(YOUTUBE) && offered.length > 1;
  return (
    <Stack gap={8} role="group" aria-label="Streams">
      {offered.map((id) => {
        const checked = value.includes(id);
        const last = checked && value.length === 1;
        return (
          <Checkbox
            key={id}
            checked={checked}
            disabled={last}
            onChange={() => onChange(toggleStream(value, id))}
            aria-label={streamName(id)}
            label={
              <Group gap={6} wrap="nowrap">
                <StreamIcon streamId={id} size={16} />
                <span>{streamName(id)}</span>
              </Group>
            }
          />
        );
      })}
      {mixesYoutube && (
        <Text size="xs" c="dimmed" maw={220}>
          YouTube is viewed on its own: choosing it clears the others.
        </Text>
      )}
    </Stack>
  );
}
