// The word lists on a phone: one card per list (name, type and interval, dates, keywords, matches),
// where the table's eight columns would need more than twice the screen's width.
import { Group, Paper, Stack, Text } from '@mantine/core';
import { intervalLabel, type WordBin, type WordBinGroup } from '@listening/contract';
import { useFormatTime } from '../../../ui/time.ts';
import { useAddToGroup } from '../api/word-bins.ts';
import { WordBinActions } from './WordBinActions.tsx';
import { KeywordBadge } from './KeywordBadge.tsx';
import { WordBinLink } from './WordBinLink.tsx';

export function WordBinCards({ bins, groups, canEdit }: { bins: readonly WordBin[]; groups: readonly WordBinGroup[]; canEdit: boolean }) {
  const time = useFormatTime();
  const addToGroup = useAddToGroup();
  return (
    <Stack gap="xs" data-testid="word-bin-cards">
      {bins.map((b) => {
        return (
          <Paper key={b.Id} withBorder radius="md" p="sm" data-testid="word-bin-card" data-name={b.Description}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={0} miw={0}>
                <WordBinLink bin={b} style={{ overflowWrap: 'anywhere' }} />
                <Text size="xs" c="dimmed">
                  {b.WordBinTypeId === 2 ? 'Crisis' : 'Reaction'} · {intervalLabel(b.NotificationInterval)}
                  {!b.IsActive && ' · Paused'}
                </Text>
              </Stack>
              {canEdit && <WordBinActions bin={b} groups={groups} addToGroup={addToGroup} />}
            </Group>
            <Text size="xs" mt={6}>
              {time(b.StartDate)} – {time(b.StopDate)}
            </Text>
            <Text size="xs" c="dimmed">
              Last sent {b.DateLastSent ? time(b.DateLastSent) : 'never'} · {b.Matches7Days.toLocaleString('en-US')} matches in the last 7 days
            </Text>
            <Group gap={4} mt={6}>
              {b.Keywords.map((k, i) => (
                <KeywordBadge key={i} value={k.Value} operatorId={k.OperatorId} size="sm" />
              ))}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
