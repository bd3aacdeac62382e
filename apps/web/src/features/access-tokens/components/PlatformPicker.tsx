import { Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LinkableNetwork } from '@listening/contract';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { LINKABLE_STREAMS, linkAccountLabel } from '../status.ts';

/**
 * Step 2: the networks a profile can be linked on, one tile each. A network this server cannot link
 * (`networks` says so) is shown disabled with the settings it needs, rather than failing at step 3.
 */
export function PlatformPicker({ onPick, networks }: { onPick: (streamId: number) => void; networks?: readonly LinkableNetwork[] }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        Pick the network of the account you want to link.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="platform-picker">
        {LINKABLE_STREAMS.map((id) => {
          const missing = networks?.find((n) => n.StreamId === id && !n.Configured)?.MissingSettings;
          return (
            <UnstyledButton
              key={id}
              onClick={() => onPick(id)}
              disabled={!!missing}
              aria-label={linkAccountLabel(id, streamName(id))}
              style={missing ? { cursor: 'not-allowed', opacity: 0.75 } : undefined}
            >
              <Paper withBorder radius="md" p="md" h="100%">
                <Stack align="center" gap={6}>
                  <StreamIcon streamId={id} size={30} />
                  <Text fw={600} size="sm">
                    {streamName(id)}
                  </Text>
                  {missing && (
                    <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
                      Not configured: needs {missing.join(', ')}
                    </Text>
                  )}
                </Stack>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </>
  );
}
