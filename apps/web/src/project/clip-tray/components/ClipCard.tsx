import { ActionIcon, Anchor, Checkbox, Group, Paper, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconHelpCircle } from '@tabler/icons-react';
import { formatRand, type Clip } from '@listening/contract';
import { useProjectContext } from '../../context.ts';
import { BrandBadge, FavourabilityBadge } from '../../../ui/PostBadges.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { SentimentWhyPanel } from './SentimentWhy.tsx';
import { formatTime } from '../../../ui/time.ts';

/** One post in the tray: who, when, where, what it says, its value and rating (and, rejected, by whom and when); a box to select it. */
export function ClipCard({ clip, selected, onToggle, compact }: { clip: Clip; selected: boolean; onToggle: () => void; compact: boolean }) {
  const timeZone = useProjectContext().project.TimeZone;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="clip"
      data-clip-id={clip.Id}
      style={{
        borderColor: selected ? 'var(--mantine-color-blue-5)' : undefined,
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        height: '100%',
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox checked={selected} onChange={onToggle} aria-label={`Select post by ${clip.AuthorName}`} mt={2} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <StreamIcon streamId={clip.StreamId} size={16} />
              <Text fw={600} size="sm" truncate>
                {clip.AuthorName}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatTime(clip.DatePosted, timeZone)}
            </Text>
          </Group>
          <Text size="sm" lineClamp={compact ? 3 : 6} style={{ wordBreak: 'break-word' }} data-testid="clip-body">
            {clip.Body}
          </Text>
          {clip.RejectedAt && (
            <Text size="xs" c="red" data-testid="clip-rejected">
              Rejected by {clip.RejectedBy ?? 'a former user'} on {formatTime(clip.RejectedAt, timeZone)}
            </Text>
          )}
          <Group gap={6} justify="space-between">
            <Group gap={6}>
              <FavourabilityBadge id={clip.FavourabilityId} testId="clip-favourability" />
              {clip.SentimentWhy && (
                <Popover width={320} position="bottom-start" withArrow shadow="md">
                  <Popover.Target>
                    <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Why this sentiment" data-testid="clip-why">
                      <IconHelpCircle size={16} />
                    </ActionIcon>
                  </Popover.Target>
                  <Popover.Dropdown>
                    <SentimentWhyPanel why={clip.SentimentWhy} ratedId={clip.FavourabilityId} />
                  </Popover.Dropdown>
                </Popover>
              )}
              <BrandBadge id={clip.BrandAssociationId} />
            </Group>
            <Group gap="sm">
              <Tooltip label="Advertising value equivalent" withArrow>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  AVE {formatRand(clip.AVE)}
                </Text>
              </Tooltip>
              <Text size="xs" c="dimmed">
                Impact {clip.ImpactScore.toFixed(1)}
              </Text>
              {clip.Link && (
                <Anchor href={clip.Link} target="_blank" rel="noreferrer" size="xs" aria-label="Open the post">
                  <IconExternalLink size={14} />
                </Anchor>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
