import { Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { LINKABLE_STREAMS } from '../status.ts';

/** Step 2: the networks a profile can be linked on, one tile each. */
export function PlatformPicker({ onPick }: { onPick: (streamId: number) => void }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        Pick the network of the account you want to link.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="platform-picker">
        {LINKABLE_STREAMS.map((id) => (
          <UnstyledButton key={id} onClick={() => onPick(id)} aria-label={`Link a ${streamName(id)} account`}>
            <Paper withBorder radius="md" p="md">
              <Stack align="center" gap={6}>
                <StreamIcon streamId={id} size={30} />
                <Text fw={600} size="sm">
                  {streamName(id)}
                </Text>
              </Stack>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
